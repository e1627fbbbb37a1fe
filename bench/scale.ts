// Scale: the full render (mix, ducking, mastering to -14 LUFS / -1 dBTP) and the loudness + true-peak
// measurement of one ad at 30 s, 120 s and 600 s, in time per minute of audio: linear means the same
// figure at every length. The DSP is the render worker's, run in Node's V8 (`npm run bench:scale`).
// Synthetic speech clips every 10 s over a looped music bed, stereo 48 kHz; each length runs twice and
// the faster run counts (the first warms V8 up). The figures also go to .cache/bench/scale.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { measureLoudness, renderMix, truePeak } from '../src/audio/index.js';
import type { MixSpec } from '../src/audio/index.js';
import { music, syntheticSpeech } from '../test/audio/signals.js';

const SAMPLE_RATE = 48_000;
const LENGTHS = [30, 120, 600];
const bed = music(30, SAMPLE_RATE);
const clip = syntheticSpeech(8, SAMPLE_RATE);

function spec(seconds: number): MixSpec {
  const voice = [];
  for (let start = 0.5; start + 8 < seconds; start += 10) voice.push({ source: { channels: [clip], sampleRate: SAMPLE_RATE }, start });
  return {
    length: seconds,
    sampleRate: SAMPLE_RATE,
    channelCount: 2,
    voice,
    music: { source: { channels: bed, sampleRate: SAMPLE_RATE }, loop: true, gainDb: -6 },
    ducking: { depthDb: 10, attackMs: 50, releaseMs: 300 },
    mastering: { preset: 'streaming' },
  };
}

const rows: Array<{ seconds: number; render: number; measure: number; integrated: number; peak: number }> = [];
for (const seconds of LENGTHS) {
  let best: (typeof rows)[number] | undefined;
  for (let run = 0; run < 2; run++) {
    let started = performance.now();
    const { channels } = renderMix(spec(seconds));
    const render = performance.now() - started;
    started = performance.now();
    const { integrated } = measureLoudness(channels, SAMPLE_RATE);
    const peak = 20 * Math.log10(truePeak(channels, SAMPLE_RATE));
    const measure = performance.now() - started;
    if (best === undefined || render + measure < best.render + best.measure) best = { seconds, render, measure, integrated, peak };
  }
  rows.push(best!);
}
const perMinute = (ms: number, seconds: number) => (ms / seconds) * 60;
const [first] = rows;
console.log('length | render, ms a minute of audio | loudness + true peak, ms a minute | result');
for (const row of rows) {
  console.log(
    `${String(row.seconds).padStart(4)} s | ${perMinute(row.render, row.seconds).toFixed(0).padStart(4)} (${(perMinute(row.render, row.seconds) / perMinute(first!.render, first!.seconds)).toFixed(2)}x the 30 s rate)` +
      ` | ${perMinute(row.measure, row.seconds).toFixed(0).padStart(4)} (${(perMinute(row.measure, row.seconds) / perMinute(first!.measure, first!.seconds)).toFixed(2)}x)` +
      ` | ${row.integrated.toFixed(1)} LUFS, ${row.peak.toFixed(2)} dBTP`,
  );
}
console.log('goal: linear, the same time a minute at every length (issue 18)');
const out = new URL('../.cache/bench/scale.json', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
writeFileSync(out, `${JSON.stringify({ commit, date: new Date().toISOString(), goal: 'linear up to 10 minutes', rows }, null, 2)}\n`);
console.log(`written to ${out.pathname} (commit ${commit})`);
