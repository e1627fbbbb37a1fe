// A delivered ZIP as FFmpeg reads it: every built-in destination's file (and the stems) unzipped and checked
// with ffprobe (codec, rate, channels, depth or bitrate, tags), `ebur128=peak=true` and `astats` (loudness,
// true and sample peak, DC, samples) and `silencedetect` (silence at the end), against its destination's
// spec, and the manifest's figures against FFmpeg's.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import type { DeliveredFile, DeliveryManifest } from '../../src/delivery/types.js';
import { makeDelivery, type MadeDelivery } from './delivery-make.js';
import { needTools } from './support/tools.js';
import { validate } from './json-schema.js';
import { agree, analyse, expectedCodec, ffprobe } from './support/ffmpeg-sheet.js';

const run = promisify(execFile);
const AD_SECONDS = 30;
/**
 * Built-in destinations the pipeline does not meet yet on this ad, and why (each file is still checked: the
 * test runs as a todo, so it shows what fails without failing the suite). Remove an entry once it passes.
 */
const KNOWN: Readonly<Record<string, string>> = {};

describe('a delivered ZIP, read by FFmpeg', () => {
  let dir = '';
  let made: MadeDelivery;
  let entries: Record<string, Uint8Array>;
  let manifest: DeliveryManifest;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-deliver-'));
    made = await makeDelivery({ destinations: BUILTIN_DESTINATIONS, seconds: AD_SECONDS, stems: true, includeFailed: true });
    entries = unzipSync(made.zip);
    manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as DeliveryManifest;
    for (const [name, bytes] of Object.entries(entries)) writeFileSync(join(dir, name.replace(/\//g, '__')), bytes);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds every destination (failed ones included anyway), a valid manifest.json, report.html and the two stems', () => {
    needTools('ffmpeg');
    const names = Object.keys(entries).sort();
    const delivered = manifest.files.map((file) => file.fileName);
    const stems = manifest.stems.map((stem) => stem.fileName);
    assert.deepEqual(names, [...delivered, ...stems, 'manifest.json', 'report.html'].sort());
    assert.deepEqual([...manifest.files, ...manifest.excluded].map((file) => file.destination.id).sort(), BUILTIN_DESTINATIONS.map((d) => d.id).sort());
    assert.deepEqual(manifest.excluded.map((file) => file.destination.id), [], 'every file is in the ZIP');
    assert.deepEqual(manifest.files.filter((file) => !file.pass).map((file) => file.destination.id), Object.keys(KNOWN), 'a 30 s ad meets every built-in destination but the known ones');
    assert.ok(manifest.files.every((file) => file.pass || file.includedAnyway === true), 'a failed file in the ZIP says it was included anyway');
    assert.deepEqual(manifest.stems.map((stem) => stem.stem).sort(), ['music', 'voice']);
    assert.match(strFromU8(entries['report.html']!), /^<!doctype html>/);
    const schema = JSON.parse(readFileSync(new URL('../../docs/delivery-manifest.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(validate(manifest, schema), [], 'manifest.json validates against its schema');
  });

  it('is a ZIP that Info-ZIP reads without error', async () => {
    needTools('ffmpeg', 'unzip');
    const file = join(dir, 'delivery.zip');
    writeFileSync(file, made.zip);
    const { stdout } = await run('unzip', ['-t', file]);
    assert.match(stdout, /No errors detected/);
  });

  for (const destination of BUILTIN_DESTINATIONS) {
    const todo = KNOWN[destination.id] ?? false;
    it(`${destination.id}: ffprobe and ffmpeg read its spec, and the manifest's figures`, { todo }, async (t) => {
      needTools('ffmpeg');
      const file = manifest.files.find((f): f is DeliveredFile => f.destination.id === destination.id);
      assert.ok(file, `${destination.id} is delivered`);
      const bytes = entries[file.fileName]!;
      const path = join(dir, file.fileName);
      const [probe, ref] = await Promise.all([ffprobe(path), analyse(path, dir)]);
      t.diagnostic(
        `${file.fileName}: ${probe.codec} ${probe.sampleRate} Hz ${probe.channels} ch ${probe.bitsPerSample || probe.bitRate / 1000} ${probe.bitsPerSample ? 'bit' : 'kbit/s'}, ` +
          `${ref.samples} samples, ${bytes.length} bytes; ffmpeg I ${ref.integrated.toFixed(2)} LUFS, LRA ${ref.range.toFixed(2)} LU, TP ${ref.truePeak.toFixed(2)} dBTP, ` +
          `SP ${ref.samplePeak.toFixed(2)} dBFS, DC ${ref.dc.toExponential(1)}, tail ${ref.tailSilence.toFixed(3)} s; manifest I ${file.figures.integrated.toFixed(2)}, ` +
          `LRA ${file.figures.range.toFixed(2)}, TP ${file.figures.truePeak.toFixed(2)}, SP ${file.figures.samplePeak.toFixed(2)}, tail ${file.figures.tailSilence.toFixed(3)}`,
      );
      // The container and codec, rate, channels, depth or bitrate.
      assert.equal(probe.codec, expectedCodec(destination));
      assert.equal(probe.sampleRate, destination.sampleRate);
      assert.equal(probe.channels, destination.channels);
      if (destination.codec.container === 'wav') assert.equal(probe.bitsPerSample, destination.codec.bitDepth);
      else assert.equal(probe.bitRate, destination.codec.bitrateKbps * 1000, 'CBR at the bitrate');
      // The length: exactly the ad's, to the sample (MP3 too: gapless), or within the maximum.
      const adSamples = AD_SECONDS * destination.sampleRate;
      if (destination.length.kind === 'exact') assert.equal(ref.samples, adSamples, 'exactly the ad, to the sample');
      else assert.ok(ref.samples <= destination.length.maxSeconds * destination.sampleRate, `${ref.samples} samples within ${destination.length.maxSeconds} s`);
      // Loudness, true peak (FFmpeg's interpolation reads up to 0.2 dB over ours: audio/ffmpeg.test.ts), the end, the size.
      assert.ok(Math.abs(ref.integrated - destination.loudness) <= destination.tolerance, `ffmpeg: ${ref.integrated} LUFS for ${destination.loudness} ±${destination.tolerance}`);
      assert.ok(ref.truePeak <= destination.truePeak + 0.2, `ffmpeg: true peak ${ref.truePeak} dBTP, ceiling ${destination.truePeak}`);
      assert.ok(file.figures.truePeak <= destination.truePeak, `manifest: true peak ${file.figures.truePeak} dBTP`);
      assert.ok(ref.tailSilence >= destination.minTailSilence, `ffmpeg: ${ref.tailSilence} s of silence at the end, at least ${destination.minTailSilence}`);
      if (destination.maxBytes !== undefined) assert.ok(bytes.length <= destination.maxBytes, `${bytes.length} bytes, at most ${destination.maxBytes}`);
      // The manifest is the file's: size, hash, format and every figure within the meters' agreement.
      assert.equal(file.figures.bytes, bytes.length);
      assert.equal(file.figures.sha256, createHash('sha256').update(bytes).digest('hex'));
      assert.equal(file.figures.sampleRate, probe.sampleRate);
      assert.equal(file.figures.channels, probe.channels);
      agree(file.fileName, file.figures, ref);
      assert.equal(file.pass, true);
      assert.ok(file.rules.length > 0 && file.rules.every((rule) => rule.pass));
      // The campaign fields, as FFmpeg reads the tags.
      if (destination.metadata.includes('adId')) {
        assert.equal(destination.codec.container === 'mp3' ? probe.tags['ad-id'] : probe.tags['originator_reference'], manifest.campaign.adId, 'the Ad-ID');
      }
      if (destination.metadata.includes('advertiser')) assert.equal(probe.tags['artist'], manifest.campaign.advertiser);
    });
  }

  it('stems: voice only and music only, WAV 48 kHz 24-bit, exactly the ad\'s length', async (t) => {
    needTools('ffmpeg');
    for (const stem of manifest.stems) {
      const path = join(dir, stem.fileName.replace(/\//g, '__'));
      const [probe, ref] = await Promise.all([ffprobe(path), analyse(path, dir)]);
      t.diagnostic(`${stem.fileName}: ${probe.codec} ${probe.sampleRate} Hz ${probe.channels} ch, ${ref.samples} samples; ffmpeg I ${ref.integrated.toFixed(2)} LUFS, TP ${ref.truePeak.toFixed(2)} dBTP`);
      assert.equal(probe.codec, 'pcm_s24le');
      assert.equal(probe.sampleRate, 48000);
      assert.equal(ref.samples, AD_SECONDS * 48000);
      agree(stem.fileName, stem.figures, ref);
    }
  });

  it('adds the silence a destination asks for at the end when its length allows, and only there', async (t) => {
    needTools('ffmpeg');
    // The bed sounds to the last sample: the podcast file needs 0.5 s of silence, and may be up to 60 s long.
    const podcast = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'podcast')!;
    const ebu = BUILTIN_DESTINATIONS.find((destination) => destination.id === 'broadcast-ebu-r128')!;
    const bedToEnd = await makeDelivery({ destinations: [podcast, ebu], seconds: AD_SECONDS, stems: false, includeFailed: true, bedToEnd: true });
    const files = unzipSync(bedToEnd.zip);
    const [padded, exact] = [podcast, ebu].map((destination) => bedToEnd.manifest.files.find((file) => file.destination.id === destination.id)!);
    const paths = [padded!, exact!].map((file) => join(dir, `tail-${file.fileName}`));
    [padded!, exact!].forEach((file, i) => writeFileSync(paths[i]!, files[file.fileName]!));
    const [podcastRef, ebuRef] = await Promise.all(paths.map((path) => analyse(path, dir)));
    t.diagnostic(`podcast: ${podcastRef.samples / podcast.sampleRate} s, tail ${podcastRef.tailSilence.toFixed(3)} s, I ${podcastRef.integrated.toFixed(2)}; EBU: ${ebuRef.samples / ebu.sampleRate} s, tail ${ebuRef.tailSilence.toFixed(3)} s`);
    assert.ok(podcastRef.tailSilence >= podcast.minTailSilence, `ffmpeg: ${podcastRef.tailSilence} s of silence at the end of the podcast file`);
    assert.ok(podcastRef.samples > AD_SECONDS * podcast.sampleRate && podcastRef.samples <= (AD_SECONDS + 0.6) * podcast.sampleRate, `the ad and at most 0.6 s after it: ${podcastRef.samples} samples`);
    assert.ok(Math.abs(podcastRef.integrated - podcast.loudness) <= podcast.tolerance, `ffmpeg: ${podcastRef.integrated} LUFS`);
    assert.equal(padded!.pass, true, padded!.rules.filter((rule) => !rule.pass).map((rule) => rule.rule).join(', '));
    // A destination of exact length is left the ad's length, to the sample.
    assert.equal(ebuRef.samples, AD_SECONDS * ebu.sampleRate);
  });
});
