// The editor embedded from a CDN, in each engine installed: the page, dist/ (with CORS, as public CDNs serve
// it) and the service on three origins (cdn-origins.ts), the page under the CSP docs/browsers.md lists for
// a CDN. The page makes the ad and exports (cdn-page.js); here we check that the render, decode and MP3
// workers ran from the CDN (the CDN's log, and no main-thread fallback warning), that nothing was blocked or
// thrown, and FFmpeg's integrated loudness of each file against the export's preset. Needs dist/.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { DELIVERY_PRESETS } from '../../../src/audio/index.js';
import type { DeliveryPresetId } from '../../../src/delivery/presets.js';
import { chromiumTestPath } from '../../../scripts/lib/chromium.mjs';
import { firefoxPath, firefoxPrefs } from '../../../scripts/lib/firefox.mjs';
import { pulseaudioPath, startNullSink } from '../../../scripts/lib/null-sink.mjs';
import { hasWebkit } from '../../../scripts/lib/webkit.mjs';
import { webkitLauncher } from '../../../scripts/lib/webkit-launcher.mjs';
import { launchChromium } from './chromium.js';
import { startCdnOrigins, type CdnOrigins, type PageRun } from './cdn-origins.js';

const run = promisify(execFile);
const FORMATS = ['wav16', 'mp3'];
/** How long one engine may take to make the ad and export both files. */
const PAGE_TIMEOUT_MS = 90_000;

/** FFmpeg's integrated loudness (EBU R128) of `file`, LUFS. */
async function integrated(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-nostats', '-hide_banner', '-i', file, '-af', 'ebur128', '-f', 'null', '-'], { maxBuffer: 64 * 1024 * 1024 });
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf('Summary:')))![1]);
}

const ffmpegSkip = await run('ffmpeg', ['-version']).then(
  () => false,
  () => 'ffmpeg is not installed (apt-get install -y ffmpeg)',
);

/** Opens `url` in one engine and resolves once the page posted its result; closes the engine after. */
type Open = (url: string, result: Promise<PageRun>) => Promise<PageRun>;

async function withNullSink<T>(action: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  // An audio device (headless Firefox's tab crashes on new AudioContext() without one).
  const sink = pulseaudioPath() ? await startNullSink() : undefined;
  try {
    return await action(sink ? { ...process.env, PULSE_SERVER: sink.server } : process.env);
  } finally {
    sink?.stop();
  }
}

/** Opens a page in a browser that `launch` starts, waits for the result, and closes the browser either way. */
async function openIn(launch: () => Promise<Browser>, url: string, result: Promise<PageRun>): Promise<PageRun> {
  const browser = await launch();
  try {
    await (await browser.newPage()).goto(url);
    return await result;
  } finally {
    await browser.close();
  }
}

const ENGINES: Array<{ name: string; skip: string | false; open: Open }> = [
  {
    name: 'Chromium',
    skip: chromiumTestPath() ? false : 'Chromium is not installed (apt-get install -y chromium)',
    open: (url, result) => openIn(launchChromium, url, result),
  },
  {
    name: 'Firefox',
    // Headless Firefox's tab crashes on new AudioContext() without an audio device: the null sink is one.
    skip: firefoxPath() && pulseaudioPath() ? false : 'Firefox or PulseAudio is not installed (apt-get install -y firefox-esr pulseaudio)',
    open: (url, result) =>
      withNullSink((env) => openIn(() => puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath(), headless: true, extraPrefsFirefox: firefoxPrefs, env }), url, result)),
  },
  {
    name: 'WebKit',
    skip: hasWebkit() ? false : 'WebKit is not installed (apt-get install -y webkit2gtk-driver xvfb xdotool pulseaudio)',
    open: (url, result) =>
      withNullSink(async (env) => {
        // The launcher's driver (and the MiniBrowser it starts) take this process's environment.
        const pulse = process.env.PULSE_SERVER;
        process.env.PULSE_SERVER = env.PULSE_SERVER;
        const launcher = webkitLauncher({ concurrency: 1 });
        try {
          await launcher.startSession('cdn', url);
          return await result;
        } finally {
          await launcher.stop?.();
          if (pulse === undefined) delete process.env.PULSE_SERVER;
          else process.env.PULSE_SERVER = pulse;
        }
      }),
  },
];

function timeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms / 1000} s`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('the editor from a CDN: page, dist/ and service on three origins', () => {
  let origins: CdnOrigins;
  let dir = '';
  before(async () => {
    origins = await startCdnOrigins();
    dir = mkdtempSync(join(tmpdir(), 'studio-cdn-'));
  });
  after(async () => {
    await origins?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('needs the build', () => {
    assert.ok(existsSync(new URL('../../../dist/studio-editor.iife.js', import.meta.url)), 'run node scripts/build.mjs first');
  });

  for (const engine of ENGINES) {
    const skip = engine.skip || ffmpegSkip;
    it(`${engine.name}: makes the ad, renders in the CDN's workers and exports WAV and MP3 on target`, { skip, timeout: PAGE_TIMEOUT_MS + 30_000 }, async (t) => {
      const id = engine.name.toLowerCase();
      origins.cdnLog.length = 0;
      const started = performance.now();
      // The wait for the page's result times out, not the engine: the engine is closed either way (and an
      // engine that fails to start leaves the wait handled).
      const result = timeout(origins.result(id), PAGE_TIMEOUT_MS, engine.name);
      result.catch(() => undefined);
      const { summary, files } = await engine.open(origins.pageUrl(id, FORMATS), result);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const workers = origins.cdnLog.filter((line) => /-worker\.js /.test(line));
      t.diagnostic(`${engine.name}: ${seconds} s; workers from the CDN: ${workers.join(', ') || 'none'}`);

      // Violations and errors first: when a step fails they are usually why.
      assert.deepEqual(summary.violations, [], 'no CSP or Trusted Types violation');
      assert.deepEqual(summary.errors, [], 'no uncaught error, no console error');
      assert.equal(summary.failure, '', 'the page made the ad and exported');
      assert.deepEqual(summary.warnings.filter((text) => /worker/i.test(text)), [], 'no main-thread fallback');
      for (const worker of ['render-worker.js', 'decode-worker.js', 'mp3-worker.js']) {
        assert.ok(workers.includes(`/dist/${worker} ${origins.pageOrigin}`), `${worker} came from the CDN for the page (CDN log: ${workers.join(', ')})`);
      }
      assert.deepEqual(summary.exports.map((entry) => entry.type), ['audio/wav', 'audio/mpeg']);
      for (const entry of summary.exports) {
        const bytes = files.get(entry.format);
        assert.equal(bytes?.length, entry.size, `the ${entry.format} file reached the host`);
        const file = join(dir, `${id}.${entry.format}`);
        writeFileSync(file, bytes!);
        const preset = DELIVERY_PRESETS[(entry.preset ?? 'streaming') as DeliveryPresetId];
        const measured = await integrated(file);
        t.diagnostic(`${engine.name}: ${entry.format} ${entry.size} bytes, ${measured} LUFS (target ${preset.integrated} ±${preset.tolerance}, the editor measured ${entry.integrated.toFixed(1)})`);
        assert.ok(Math.abs(measured - preset.integrated) <= preset.tolerance, `${entry.format}: ${measured} LUFS, target ${preset.integrated} ±${preset.tolerance}`);
      }
    });
  }
});
