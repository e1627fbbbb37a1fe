// Benchmark of the decode path's resampler (`resample(..., { audible: true })`) against its named peer, the
// default design (`resample(...)` without options, the one the mixes use), in the same process: 30 s of one
// channel, 44.1 -> 48 kHz, the best of five runs each after a warm-up. The audible design was made to be at least
// 1.6 times as fast; this prints the ratio and never gates (the output checks are in
// test/node/audio/resample-audible.test.ts).
// Run: node --import tsx bench/resample.ts
import { resample } from '../src/audio/dsp/resample.js';
import { sine } from '../test/audio/signals.js';

const x = sine(440, 0.5, 30, 44_100);
const best = (options: { audible?: boolean }): number => {
  resample(x.subarray(0, 44_100), 44_100, 48_000, options);
  let fastest = Infinity;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    resample(x, 44_100, 48_000, options);
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
};

const audible = best({ audible: true });
const peer = best({});
console.log('30 s of one channel, 44.1 -> 48 kHz (best of 5):');
console.log(`  audible design (decode path): ${audible.toFixed(1)} ms`);
console.log(`  default design (peer):        ${peer.toFixed(1)} ms`);
console.log(`  ratio: ${(peer / audible).toFixed(2)}x (goal: at least 1.6x)${peer / audible < 1.6 ? '  BELOW GOAL' : ''}`);
