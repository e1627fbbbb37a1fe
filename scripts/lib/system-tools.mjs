// The command-line tools the node tests check the editor's files against, beside the browsers (engines.mjs):
// one list, installed by `npm test` (and so by .ci/run) as root on Debian, in the same apt-get run as the
// browsers. A test that needs one and does not find it fails, naming the package (test/node/support/tools.ts).
import { execFileSync } from 'node:child_process';

/** Whether `command` runs here (`command -v` without a shell). */
export function onPath(command) {
  try {
    execFileSync(command, ['-version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // Found but unhappy with -version (espeak-ng and unzip answer other flags): it is here.
    return error?.code !== 'ENOENT';
  }
}

/** Each tool: its name, the Debian package that brings it, and whether it is here. */
export const SYSTEM_TOOLS = {
  ffmpeg: { name: 'FFmpeg (ffmpeg, ffprobe)', packages: ['ffmpeg'], present: () => onPath('ffmpeg') && onPath('ffprobe') },
  espeakNg: { name: 'eSpeak NG', packages: ['espeak-ng'], present: () => onPath('espeak-ng') },
  unzip: { name: 'Info-ZIP unzip', packages: ['unzip'], present: () => onPath('unzip') },
  xmllint: { name: 'xmllint (libxml2)', packages: ['libxml2-utils'], present: () => onPath('xmllint') },
  // The queue tests of `studio-batch` (issue 43) start their own Redis on a free port (test/node/support/redis.ts).
  redis: { name: 'Redis (redis-server)', packages: ['redis-server'], present: () => onPath('redis-server') },
};
