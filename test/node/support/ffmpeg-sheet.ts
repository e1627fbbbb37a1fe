// What FFmpeg reads of a delivered file, for the tests that check files against their destination's sheet:
// ffprobe's container, codec, rate, channels, depth or bitrate and tags; one FFmpeg pass for the samples,
// loudness, range, true and sample peak, DC and the silence at the end; and the manifest's figures against them.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BUILTIN_DESTINATIONS } from '../../../src/delivery/destinations.js';
import type { DeliveredFigures, DeliveredFile, DeliveryManifest, DestinationProfile } from '../../../src/delivery/types.js';

const run = promisify(execFile);
/** Our meter and FFmpeg's agree this closely on the same file (see audio/ffmpeg.test.ts); LRA differs more. */
const LU = 0.2;
const DB = 0.3;
const LRA = 0.5;

export interface Probe {
  codec: string;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  bitRate: number;
  tags: Record<string, string>;
}

export async function ffprobe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const json = JSON.parse(stdout) as {
    format: { tags?: Record<string, string> };
    streams: Array<{ codec_name: string; sample_rate: string; channels: number; bits_per_sample?: number; bits_per_raw_sample?: string; bit_rate?: string; tags?: Record<string, string> }>;
  };
  const stream = json.streams[0]!;
  const tags = Object.fromEntries(Object.entries({ ...stream.tags, ...json.format.tags }).map(([key, value]) => [key.toLowerCase(), value]));
  return {
    codec: stream.codec_name,
    sampleRate: Number(stream.sample_rate),
    channels: stream.channels,
    bitsPerSample: stream.bits_per_sample || Number(stream.bits_per_raw_sample ?? 0),
    bitRate: Number(stream.bit_rate ?? 0),
    tags,
  };
}

export interface Analysis {
  samples: number;
  integrated: number;
  range: number;
  truePeak: number;
  samplePeak: number;
  dc: number;
  tailSilence: number;
}

/**
 * One FFmpeg pass over the decoded file (gapless MP3 trimmed by its LAME tag), as float: `astats` (samples,
 * sample peak, DC per channel), `silencedetect` under -60 dB, and `ebur128=peak=true` with its per-frame
 * metadata (3 decimals; the summary has 1).
 */
export async function analyse(file: string, dir: string): Promise<Analysis> {
  const meta = join(dir, `${Math.random().toString(36).slice(2)}.txt`);
  const filters = `aformat=sample_fmts=flt,astats=metadata=0,silencedetect=n=-60dB:d=0.01,ebur128=peak=true:metadata=1,ametadata=mode=print:file=${meta}`;
  const { stderr } = await run('ffmpeg', ['-nostats', '-hide_banner', '-i', file, '-af', filters, '-f', 'null', '-'], { maxBuffer: 256 * 1024 * 1024 });
  const lines = readFileSync(meta, 'utf8').split('\n');
  const last = (key: string): number => Number(lines.filter((l) => l.startsWith(`lavfi.r128.${key}=`)).at(-1)!.split('=')[1]);
  const astats = stderr.split('\n').filter((l) => l.includes('Parsed_astats'));
  const overall = astats.findIndex((l) => l.endsWith('Overall'));
  const perChannel = astats.slice(0, overall);
  const values = (lines: string[], key: string): number[] => lines.filter((l) => l.includes(`] ${key}: `)).map((l) => Number(l.split(`${key}: `)[1]));
  const samples = values(astats.slice(overall), 'Number of samples')[0]!;
  const linearTp = last('true_peak');
  const summaryTp = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(stderr);
  // silencedetect: the last silence runs to the end when its end is the file's end (flushed at EOF).
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+) \| silence_duration: ([\d.]+)/g)].map((m) => ({ end: Number(m[1]), duration: Number(m[2]) }));
  const lastEnd = ends.at(-1);
  // The input's rate, as FFmpeg printed it (`Stream #0:0: Audio: mp3, 48000 Hz, stereo, …`): no second probe.
  const rate = Number(/Stream #0:0.*?: Audio: [^,]+, (\d+) Hz/.exec(stderr)?.[1]);
  assert.ok(rate > 0, `FFmpeg named no input rate for ${file}`);
  const seconds = samples / rate;
  const tail = lastEnd && Math.abs(lastEnd.end - seconds) < 0.002 && starts.length === ends.length ? lastEnd.duration : 0;
  return {
    samples,
    integrated: last('I'),
    range: last('LRA'),
    truePeak: linearTp > 0.2 ? 20 * Math.log10(linearTp) : Number(summaryTp?.[1] ?? -Infinity),
    samplePeak: Math.max(...values(perChannel, 'Peak level dB')),
    dc: Math.max(...values(perChannel, 'DC offset').map(Math.abs)),
    tailSilence: tail,
  };
}

export const expectedCodec = (d: DestinationProfile): string => (d.codec.container === 'mp3' ? 'mp3' : d.codec.bitDepth === 16 ? 'pcm_s16le' : 'pcm_s24le');

export function agree(name: string, figures: DeliveredFigures, ref: Analysis): void {
  assert.ok(Math.abs(figures.integrated - ref.integrated) <= LU, `${name}: manifest ${figures.integrated} vs ffmpeg ${ref.integrated} LUFS`);
  assert.ok(Math.abs(figures.truePeak - ref.truePeak) <= DB, `${name}: manifest ${figures.truePeak} vs ffmpeg ${ref.truePeak} dBTP`);
  assert.ok(Math.abs(figures.samplePeak - ref.samplePeak) <= DB, `${name}: manifest ${figures.samplePeak} vs ffmpeg ${ref.samplePeak} dBFS`);
  assert.ok(Math.abs(figures.range - ref.range) <= LRA, `${name}: manifest LRA ${figures.range} vs ffmpeg ${ref.range} LU`);
  assert.ok(Math.abs(figures.dc - ref.dc) <= 1e-4, `${name}: manifest DC ${figures.dc} vs ffmpeg ${ref.dc}`);
  assert.ok(Math.abs(figures.tailSilence - ref.tailSilence) <= 0.02, `${name}: manifest tail ${figures.tailSilence} vs ffmpeg ${ref.tailSilence} s`);
  assert.equal(figures.samples, ref.samples, `${name}: samples`);
}

/**
 * Asserts that the delivered file at `path` (its `bytes`, an ad of `seconds`) meets `destination`'s sheet as
 * ffprobe and FFmpeg read it: codec, rate, channels, depth or CBR bitrate, length, loudness, true peak, the
 * silence at its end, its size. Resolves with what they read, for a diagnostic.
 */
export async function assertSheet(path: string, destination: DestinationProfile, bytes: number, seconds: number, dir: string): Promise<{ probe: Probe; ref: Analysis }> {
  const [probe, ref] = await Promise.all([ffprobe(path), analyse(path, dir)]);
  assert.equal(probe.codec, expectedCodec(destination));
  assert.equal(probe.sampleRate, destination.sampleRate);
  assert.equal(probe.channels, destination.channels);
  if (destination.codec.container === 'wav') assert.equal(probe.bitsPerSample, destination.codec.bitDepth);
  else assert.equal(probe.bitRate, destination.codec.bitrateKbps * 1000, 'CBR at the bitrate');
  if (destination.length.kind === 'exact') assert.equal(ref.samples, seconds * destination.sampleRate, 'exactly the ad, to the sample');
  else assert.ok(ref.samples <= destination.length.maxSeconds * destination.sampleRate);
  assert.ok(Math.abs(ref.integrated - destination.loudness) <= destination.tolerance, `ffmpeg: ${ref.integrated} LUFS for ${destination.loudness} ±${destination.tolerance}`);
  assert.ok(ref.truePeak <= destination.truePeak + 0.2, `ffmpeg: true peak ${ref.truePeak} dBTP, ceiling ${destination.truePeak}`);
  assert.ok(ref.tailSilence >= destination.minTailSilence, `ffmpeg: ${ref.tailSilence} s of silence at the end`);
  if (destination.maxBytes !== undefined) assert.ok(bytes <= destination.maxBytes);
  return { probe, ref };
}

/** The built-in destination `id` and the file of row `key` the manifest lists for it (asserted to be there). */
export function rowFile(manifest: DeliveryManifest, key: string, id: string): { destination: DestinationProfile; file: DeliveredFile } {
  const destination = BUILTIN_DESTINATIONS.find((d) => d.id === id)!;
  const file = manifest.files.find((f) => f.row === key && f.destination.id === id);
  assert.ok(file, `${key} is delivered to ${id}`);
  return { destination, file };
}
