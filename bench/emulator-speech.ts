// Figures of the emulator's audio: eSpeak NG (WebAssembly) load and synthesis speed, the measured speaking rate
// of each library voice, and music-bed render time. Peer: the native `espeak-ng` binary, same text, same run,
// when it is installed. Prints figures only; never gates anything.
// Run: node --import tsx bench/emulator-speech.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRACKS, renderTrack } from '../demo/server/emulator/music.js';
import { synthesize } from '../demo/server/emulator/speech.js';
import { VOICES, voiceSample } from '../demo/server/emulator/voices.js';

const TEXT = 'Fresh coffee, roasted this week and delivered to your door. Order now at acme coffee dot com, and save ten percent.';
const ms = (from: number) => performance.now() - from;

let start = performance.now();
await synthesize('Hi.', 'gmw/en-US');
console.log(`eSpeak NG (wasm) load + first call: ${ms(start).toFixed(0)} ms`);

const runs = 5;
start = performance.now();
let seconds = 0;
for (let i = 0; i < runs; i++) {
  const { audio } = await synthesize(TEXT, 'gmw/en-US');
  seconds = audio.channels[0]!.length / audio.sampleRate;
}
const wasmMs = ms(start) / runs;
console.log(`wasm: ${seconds.toFixed(2)} s of speech in ${wasmMs.toFixed(0)} ms (${((seconds * 1000) / wasmMs).toFixed(0)}x real time), mean of ${runs}`);

try {
  const dir = mkdtempSync(join(tmpdir(), 'espeak-'));
  start = performance.now();
  for (let i = 0; i < runs; i++) execFileSync('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', join(dir, 'out.wav'), TEXT]);
  console.log(`peer, native espeak-ng CLI (process start included): ${(ms(start) / runs).toFixed(0)} ms for the same text, mean of ${runs}`);
  rmSync(dir, { recursive: true, force: true });
} catch {
  console.log('peer: native espeak-ng is not installed (apt-get install espeak-ng), not measured');
}

for (const voice of VOICES) {
  const { wordsPerMinute } = await voiceSample(voice);
  console.log(`voice ${voice.details.voice_id} (${voice.espeak}): ${wordsPerMinute} words per minute at speed 1`);
}
for (const track of TRACKS) {
  start = performance.now();
  renderTrack(track);
  console.log(`music ${track.details.track_id}: ${track.details.duration_s} s stereo bed rendered in ${ms(start).toFixed(0)} ms`);
}
