// Our BS.1770 meter against ffmpeg's `ebur128` filter on real material: synthesised speech (espeak-ng),
// generated music, and a full mix with ducking, mastered and not. The WAVs are written by our encodeWav.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { promisify } from 'node:util';
import { decodeWav, encodeWav, measureLoudness, renderMix, resample, type LoudnessMeasurement } from '../../../src/audio/index.js';
import { music, syntheticSpeech } from '../../audio/signals.js';
import { needTools } from '../support/tools.js';

const run = promisify(execFile);
const sr = 48000;
const SCRIPT =
  'Tired of slow mornings? Meet Brewline, the coffee maker that knows when you wake up. ' +
  'Fresh coffee, ready in ninety seconds, every single day. Brewline. Order yours today and get free delivery.';

interface Reference {
  integrated: number;
  range: number;
  momentaryMax: number;
  shortTermMax: number;
  truePeak: number;
}

/** Runs ffmpeg's ebur128 filter; reads the per-frame metadata (3 decimals) and the summary's true peak. */
async function ffmpegMeasure(file: string, dir: string): Promise<Reference> {
  const meta = join(dir, `${Math.random().toString(36).slice(2)}.txt`);
  const { stderr } = await run('ffmpeg', ['-nostats', '-hide_banner', '-i', file, '-af', `ebur128=peak=true:metadata=1,ametadata=mode=print:file=${meta}`, '-f', 'null', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = readFileSync(meta, 'utf8').split('\n');
  const values = (key: string): number[] => lines.filter((l) => l.startsWith(`lavfi.r128.${key}=`)).map((l) => Number(l.split('=')[1]));
  const last = (key: string): number => values(key).at(-1)!;
  const peakLine = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(stderr);
  assert.ok(peakLine, 'ffmpeg printed a true peak');
  const linear = last('true_peak');
  return {
    integrated: last('I'),
    range: last('LRA'),
    momentaryMax: Math.max(...values('M')),
    shortTermMax: Math.max(...values('S')),
    // The metadata peak is linear with 3 decimals: precise near full scale; the summary has 1 decimal in dB.
    truePeak: linear > 0.2 ? 20 * Math.log10(linear) : Number(peakLine[1]),
  };
}

describe('loudness vs ffmpeg ebur128 (speech, music, mixes)', async () => {
  let espeak = true;
  try {
    needTools('espeakNg');
  } catch {
    espeak = false;
  }
  let dir = '';
  let speech: Float32Array;
  let bed: [Float32Array, Float32Array];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-audio-'));
    bed = music(30, sr);
    if (espeak) {
      const wav = join(dir, 'speech-espeak.wav');
      await run('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', wav, SCRIPT]);
      const decoded = decodeWav(readFileSync(wav));
      speech = resample(decoded.channels[0]!, decoded.sampleRate, sr);
    } else {
      // The speech case fails (needTools, below); the mixes still run, on synthetic formant speech.
      speech = syntheticSpeech(12, sr);
    }
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function compare(t: TestContext, name: string, channels: Float32Array[]): Promise<void> {
    needTools('ffmpeg');
    const file = join(dir, `${name}.wav`);
    writeFileSync(file, encodeWav(channels, sr, { bitDepth: 24 }));
    // Measure exactly what ffmpeg reads: the 24-bit samples of the file.
    const written = decodeWav(readFileSync(file)).channels;
    const ours: LoudnessMeasurement = measureLoudness(written, sr);
    const ref = await ffmpegMeasure(file, dir);
    t.diagnostic(
      `${name}: integrated ${ours.integrated.toFixed(3)} vs ffmpeg ${ref.integrated.toFixed(3)} LUFS; ` +
        `true peak ${ours.truePeak.toFixed(3)} vs ${ref.truePeak.toFixed(3)} dBTP; LRA ${ours.range.toFixed(2)} vs ${ref.range.toFixed(2)} LU; ` +
        `M max ${ours.momentaryMax.toFixed(2)} vs ${ref.momentaryMax.toFixed(2)}; S max ${ours.shortTermMax.toFixed(2)} vs ${ref.shortTermMax.toFixed(2)}`,
    );
    assert.ok(Math.abs(ours.integrated - ref.integrated) <= 0.1, `${name}: integrated ${ours.integrated} vs ${ref.integrated}`);
    assert.ok(Math.abs(ours.truePeak - ref.truePeak) <= 0.2, `${name}: true peak ${ours.truePeak} vs ${ref.truePeak}`);
    assert.ok(Math.abs(ours.momentaryMax - ref.momentaryMax) <= 0.1, `${name}: momentary max ${ours.momentaryMax} vs ${ref.momentaryMax}`);
    assert.ok(Math.abs(ours.shortTermMax - ref.shortTermMax) <= 0.1, `${name}: short-term max ${ours.shortTermMax} vs ${ref.shortTermMax}`);
    assert.ok(Math.abs(ours.range - ref.range) <= 0.5, `${name}: LRA ${ours.range} vs ${ref.range}`);
  }

  const mixSpec = (mastered: boolean) => ({
    length: 30,
    sampleRate: sr,
    channelCount: 2 as const,
    voice: [
      { source: { channels: [speech], sampleRate: sr }, start: 2, fadeIn: 0.01, fadeOut: 0.05 },
      { source: { channels: [speech], sampleRate: sr }, start: 16, gainDb: -2, fadeOut: 0.05 },
    ],
    music: { source: { channels: bed, sampleRate: sr }, gainDb: -4, loop: true, fadeIn: 1, fadeOut: 2 },
    ducking: { depthDb: 12, attackMs: 250, releaseMs: 600 },
    mastering: mastered ? { preset: 'streaming' as const } : null,
  });

  it('speech (espeak-ng), stereo', async (t) => {
    needTools('espeakNg');
    await compare(t, 'speech', [speech, speech]);
  });
  it('music (chords, noise drums, dynamics), stereo', async (t) => compare(t, 'music', bed));
  it('full mix with ducking, unmastered', async (t) => compare(t, 'mix', renderMix(mixSpec(false)).channels));
  it('full mix with ducking, mastered for streaming (-14 LUFS, -1 dBTP)', async (t) => {
    const result = renderMix(mixSpec(true));
    await compare(t, 'mastered', result.channels);
    const ref = await ffmpegMeasure(join(dir, 'mastered.wav'), dir);
    assert.ok(Math.abs(ref.integrated + 14) <= 1, `ffmpeg measures the master at ${ref.integrated} LUFS`);
    assert.ok(ref.truePeak <= -1 + 0.05, `ffmpeg measures the master's true peak at ${ref.truePeak} dBTP`);
  });
});
