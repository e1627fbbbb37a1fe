// Finds Chromium for the browser tests; as root on Debian it installs Debian's package when missing.
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium.mjs';
import { run } from './run.mjs';

export async function ensureChromium() {
  if (chromiumPath()) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian\'s "chromium" package with apt-get (about a minute)...');
    try {
      await run('apt-get', ['update', '-qq']);
      await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    } catch (error) {
      console.error(`Installing Chromium failed: ${error.message}`);
    }
    if (chromiumPath()) return true;
  }
  console.error(
    'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or point CHROME_PATH at a Chromium or Chrome binary, then run `npm test` again.',
  );
  return false;
}
