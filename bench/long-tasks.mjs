// Long tasks on the main thread across what a producer does in the demo: `npm start` in one shell, then
//   node bench/long-tasks.mjs [http://127.0.0.1:8080/demo/] [out.json]
// walks start-up, "Make the ad", typing in the script, a slider, a clip dragged on the timeline, exports, and
// loading, playing, zooming in to its words and scrolling a 10-minute project, a 10-minute MP3 uploaded as its bed (48 kHz, then 44.1 kHz), and prints for each the time, the number of long tasks (over 50 ms) and the
// longest (goal: none). The figures also go to a JSON file (default .cache/bench/long-tasks.json), with the
// commit, to compare across commits.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { makeTheAd, pageFinder } from '../scripts/lib/page-find.mjs';
import { machine } from './machine.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const url = process.argv[2] ?? 'http://127.0.0.1:8080/demo/';
const out = process.argv[3] ?? join(root, '.cache', 'bench', 'long-tasks.json');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const startedOn = machine();
console.log(`on ${startedOn}`);
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 900 });
const find = pageFinder(page, 60_000);
// Every long task from the first script on, kept per activity.
await page.evaluateOnNewDocument(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
});
const previewReady = () =>
  page.waitForFunction(() => {
    const preview = document.querySelector('studio-editor')?.preview;
    return preview !== undefined && preview.getState().status === 'ready';
  }, { timeout: 120_000 });

const results = [];
async function activity(name, action, settle = 300) {
  await page.evaluate(() => { if (window.__longTasks) window.__longTasks.length = 0; });
  const started = Date.now();
  await action();
  const ms = Date.now() - started;
  await sleep(settle);
  const tasks = await page.evaluate(() => window.__longTasks.slice());
  const result = { activity: name, ms, longTasks: tasks.length, longestMs: Math.round(Math.max(0, ...tasks)) };
  results.push(result);
  console.log(`${name.padEnd(58)} ${String(ms).padStart(6)} ms  ${String(result.longTasks).padStart(3)} long tasks, longest ${String(result.longestMs).padStart(4)} ms`);
}

/** The centre of the first element matching `selector` through shadow roots, in page pixels. */
const centre = (selector) =>
  page.evaluate((q) => {
    const search = (r) => {
      const hit = r.querySelector(q);
      if (hit) return hit;
      for (const element of r.querySelectorAll('*')) {
        const found = element.shadowRoot && search(element.shadowRoot);
        if (found) return found;
      }
      return null;
    };
    const element = search(document);
    element.scrollIntoView({ block: 'center' });
    const box = element.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, selector);

/** The Mix panel's music level, 10 keyboard steps down and 10 up, each an edit the preview renders again. */
async function moveMusicLevel() {
  await (await find('#tab-mix')).click();
  const slider = await find('input#musicDb');
  await slider.focus();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press(i < 10 ? 'ArrowLeft' : 'ArrowRight');
    await sleep(30);
  }
  await previewReady();
}

await activity('start-up (page load to studio-ready)', async () => {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.studio !== undefined && document.querySelector('studio-editor')?.ready === true, { timeout: 60_000 });
});
await activity('make the ad (recommend, voice-over, music)', async () => {
  await makeTheAd(page, find);
  await previewReady();
}, 1500);
await activity('type 40 characters in the script', async () => {
  await (await find('#tab-script')).click();
  await (await find('textarea')).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Ride further on every trail this summer.', { delay: 25 });
  await previewReady();
});
await activity('move the music level slider 20 steps', moveMusicLevel);
await activity('drag a clip on the timeline', async () => {
  await find('.clip');
  const from = await centre('.clip');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(from.x + i * 4, from.y);
    await sleep(16);
  }
  await page.mouse.up();
  await previewReady();
});
for (const format of ['wav16', 'wav24', 'mp3']) {
  await activity(`export ${format} (30 s ad)`, () => page.evaluate((f) => window.studio.export({ format: f }).then((blob) => blob.size), format));
}
await activity('load a 10-minute project (60 clips, a bed)', async () => {
  await page.evaluate(() => {
    const h = window.studio;
    const project = h.getProject();
    const clips = Array.from({ length: 60 }, (_, i) => ({ ...project.clips[i % project.clips.length], id: `long-${i}`, start: i * 10 }));
    return h.loadProject({ ...project, duration: 600, clips, music: { ...project.music, loop: true } }).then(() => undefined);
  });
  await page.waitForFunction(() => {
    const state = document.querySelector('studio-editor').preview.getState();
    return state.status === 'ready' && state.duration === 600;
  }, { timeout: 120_000 });
  await find('.clip[data-id="long-59"]');
}, 1000);
await activity('play the 10-minute project for 1 s', async () => {
  await page.evaluate(async () => {
    const preview = document.querySelector('studio-editor').preview;
    await preview.play();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    preview.pause();
  });
});
// Every word on the timeline (issue 52): zoomed in till the takes' words show, then scrolled across the 10 minutes,
// each frame drawing the words near the view.
await activity('zoom the 10-minute project in till words show', async () => {
  const timeline = await find('studio-editor-timeline');
  await timeline.evaluate((element) => element.setZoom(150));
  await find('.clip .word');
});
/** Scrolls the timeline from its start by 1200 px a frame for 60 frames; resolves to the most words drawn at once. */
async function scrollAcross() {
  const timeline = await find('studio-editor-timeline');
  return timeline.evaluate(async (element) => {
    const scroller = element.shadowRoot.querySelector('.scroller');
    scroller.scrollLeft = 0;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    let most = 0;
    for (let frame = 0; frame < 60; frame++) {
      scroller.scrollLeft += 1200;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      most = Math.max(most, element.shadowRoot.querySelectorAll('.word').length);
    }
    return most;
  });
}
await activity('scroll the 10-minute timeline with its words (60 frames)', async () => {
  const drawn = await scrollAcross();
  if (drawn === 0) throw new Error('No word was drawn while scrolling: the bench measured nothing.');
  console.log(`  (up to ${drawn} words drawn at once)`);
});
// The peer: the same scroll of the same project with no words to draw (the waveforms alone): its takes' timings
// taken out, and their text, from which words would be estimated.
await page.evaluate(() => {
  const h = window.studio;
  const project = h.getProject();
  const assets = project.assets.map(({ words: _words, ...asset }) => asset);
  return h.loadProject({ ...project, assets, clips: project.clips.map((clip) => ({ ...clip, source: null })) }).then(() => undefined);
});
await previewReady();
await sleep(1000);
await activity('the same scroll without words (peer)', async () => {
  const drawn = await scrollAcross();
  if (drawn !== 0) throw new Error(`${drawn} words drawn: the peer has none.`);
});
await activity('move the music level slider 20 steps (10 min)', moveMusicLevel);
// A 10-minute MP3 chosen as the bed (made with ffmpeg once, at 48 kHz, then at 44.1 kHz, which is resampled to
// the render rate): checked, stored, decoded (230 MB of samples), its peaks drawn, and the 10-minute project
// rendered again over it.
for (const [rate, label] of [[48000, ''], [44100, ' 44.1 kHz']]) {
  const longBed = join(root, '.cache', 'bench', rate === 48000 ? 'bed-600s.mp3' : 'bed-600s-44k.mp3');
  if (!existsSync(longBed)) {
    try {
      mkdirSync(dirname(longBed), { recursive: true });
      execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=0.3*sin(2*PI*220*t)*(1+0.5*sin(2*PI*t))|0.3*sin(2*PI*330*t):d=600:s=${rate}`, '-b:a', '160k', longBed]);
    } catch {
      console.log(`upload a 10-minute${label} MP3 bed: skipped (no ffmpeg to make the file)`);
      continue;
    }
  }
  await activity(`upload a 10-minute${label} MP3 as the bed`, async () => {
    await (await find('#tab-music')).click();
    const input = (await find('studio-editor-upload input[type=file], input[type=file]')).asElement();
    const before = await page.evaluate(() => window.studio.getProject().music?.url);
    await input.uploadFile(longBed);
    await page.waitForFunction((previous) => {
      const editor = document.querySelector('studio-editor');
      const url = window.studio.getProject().music?.url;
      // The new bed decoded (its peaks are known) and the project rendered over it.
      return url !== previous && url?.startsWith('upload:') && editor.preview.peaks(url) !== undefined && editor.preview.getState().status === 'ready';
    }, { timeout: 300_000, polling: 50 }, before);
  }, 1000);
}
await browser.close();

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
} catch {
  // Not a git checkout: the figures are still written.
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ commit, date: new Date().toISOString(), machine: startedOn, goal: 'no long task over 50 ms', results }, null, 2)}\n`);
console.log(`\non ${machine()} at the end; written to ${out} (commit ${commit})`);
