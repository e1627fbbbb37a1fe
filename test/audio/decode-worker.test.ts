// The asset decoder's decode worker: WAV and MP3 decoded off the page (no decodeAudioData, no AudioBuffer on
// the page), the page falling back to decodeAudioData for other formats, where no worker starts, and when the
// worker fails; the same errors either way; abort and dispose; the worker stopped once idle.
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { AssetDecoder, peaksOf } from '../../src/audio/decode.js';
import { decodeBytes } from '../../src/audio/decode-bytes.js';
import { DECODE_WORKER_IDLE_MS, DecodeWork, SPLIT_MIN_BYTES } from '../../src/audio/decode-work.js';
import { startDecodeWorker } from '../../src/audio/render-worker-start.js';
import type { StudioError } from '../../src/errors.js';
import { sine, wav16 } from '../support/wav.js';
import { rejection } from '../support/async.js';
import { skipIn } from '../support/engine.js';
import { waitUntil } from '../support/wait.js';

const mp3 = async (): Promise<ArrayBuffer> => (await fetch('/test/fixtures/mp3/cbr.mp3')).arrayBuffer();
const fetchOf = (make: () => Promise<ArrayBuffer> | ArrayBuffer) => async () => new Response(await make());
/** A worker that starts, then fails on its first message (as one out of memory would). */
const failingWorker = (): Worker =>
  new Worker(URL.createObjectURL(new Blob(["postMessage({ type: 'ready' }); onmessage = () => { throw new Error('boom'); };"], { type: 'text/javascript' })), { type: 'module' });

describe('AssetDecoder with its decode worker', () => {
  afterEach(() => sinon.restore());

  it('decodes an MP3 in the worker: no decodeAudioData on the page, resampled to 48 kHz, peaks with it', async function () {
    skipIn(this, 'webcodecs-mp3');
    const onPage = sinon.spy(BaseAudioContext.prototype, 'decodeAudioData');
    const createWorker = sinon.spy(startDecodeWorker);
    const decoder = new AssetDecoder({ fetch: fetchOf(mp3), createWorker });
    const audio = await decoder.decode('/v1/assets/bed.mp3');
    expect([createWorker.callCount, onPage.callCount]).to.deep.equal([1, 0]);
    expect([audio.sampleRate, audio.frames, audio.channels.length, audio.peaks.length]).to.deep.equal([48_000, 72_000, 2, 150]);
    const expected = await decodeBytes(new Uint8Array(await mp3()), 48_000);
    expect(audio.channels[1]!.every((value, i) => value === expected.channels[1]![i])).to.equal(true);
    // Close to what Chromium's own resampler makes of it, away from the ends.
    onPage.restore();
    const chromium = (await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(await mp3())).getChannelData(1);
    expect(chromium.length).to.equal(72_000);
    let worst = 0;
    for (let i = 100; i < 71_900; i++) worst = Math.max(worst, Math.abs(chromium[i]! - audio.channels[1]![i]!));
    expect(worst).to.be.below(2e-3);
    decoder.dispose();
  });

  it('reloads moved samples through the worker, the same as the first time', async () => {
    const decoder = new AssetDecoder({ fetch: fetchOf(mp3) });
    const audio = await decoder.decode('/v1/assets/bed.mp3');
    const before = audio.channels[0]!.slice();
    structuredClone(audio.channels, { transfer: audio.channels.map((channel) => channel.buffer as ArrayBuffer) });
    await decoder.reload(audio);
    expect(audio.channels[0]!.every((value, i) => value === before[i])).to.equal(true);
    decoder.dispose();
  });

  it('keeps the file rate when asked (the upload check): nothing resampled', async () => {
    const decoder = new AssetDecoder({ fetch: fetchOf(mp3), sampleRate: 8000, fileRate: true });
    const audio = await decoder.decodeFile(new File([await mp3()], 'bed.mp3'));
    expect([audio.sampleRate, audio.frames]).to.deep.equal([44_100, 66_150]);
    decoder.dispose();
  });

  it('falls back to decodeAudioData on the page for a format the worker does not decode, with the same result', async () => {
    // A-law WAV: a format the worker leaves to the page.
    const alaw = wav16([sine(0.25, 8000)], 8000);
    new DataView(alaw).setUint16(20, 6, true);
    new DataView(alaw).setUint16(34, 8, true);
    const onPage = sinon.spy(BaseAudioContext.prototype, 'decodeAudioData');
    const decoder = new AssetDecoder({ fetch: fetchOf(() => alaw.slice(0)) });
    const audio = await decoder.decode('/v1/assets/alaw.wav');
    expect(onPage.callCount).to.equal(1);
    expect(audio.sampleRate).to.equal(48_000);
    decoder.dispose();
  });

  it('falls back without a worker (createWorker: null) and when the worker cannot start, warning once', async () => {
    const warn = sinon.stub(console, 'warn');
    const tone = wav16([sine(0.25, 48_000)], 48_000);
    for (const createWorker of [null, () => new Worker('/no/such/decode-worker.js', { type: 'module' })]) {
      const onPage = sinon.spy(BaseAudioContext.prototype, 'decodeAudioData');
      const decoder = new AssetDecoder({ fetch: fetchOf(() => tone.slice(0)), createWorker });
      expect((await decoder.decode('/v1/assets/tone.wav')).frames).to.equal(12_000);
      expect(onPage.callCount).to.equal(1);
      onPage.restore();
      decoder.dispose();
    }
    expect(warn.callCount).to.be.at.most(1);
  });

  it('falls back when the worker fails as it decodes: the bytes fetched again, decoded on the page', async () => {
    const fetch = sinon.spy(fetchOf(mp3));
    const onPage = sinon.spy(BaseAudioContext.prototype, 'decodeAudioData');
    const decoder = new AssetDecoder({ fetch, createWorker: failingWorker });
    const audio = await decoder.decode('/v1/assets/bed.mp3');
    expect([fetch.callCount, onPage.callCount, audio.frames]).to.deep.equal([2, 1, 72_000]);
    decoder.dispose();
  });

  it('says a corrupt file is not audio, naming the file, as decodeAudioData did', async () => {
    const bytes = new Uint8Array(await mp3());
    // The MP3's ID3 tag, then noise where its frames were.
    let seed = 1;
    const noisy = bytes.map((value, i) => (i < 462 ? value : (seed = (seed * 1_103_515_245 + 12_345) >>> 0) >>> 24));
    const decoder = new AssetDecoder({ fetch: fetchOf(() => new ArrayBuffer(0)) });
    for (const file of [new File([new Uint8Array(4000).fill(0x55)], 'broken.mp3'), new File([noisy], 'noise.mp3')]) {
      const ours = await decoder.decodeFile(file).then((audio) => audio.frames, (error: StudioError) => [error.code, error.message]);
      const theirs = await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(await file.arrayBuffer()).then(
        (buffer) => buffer.length,
        () => ['audio-decode', `“${file.name}” is not audio this browser can decode: use WAV, MP3, OGG, FLAC or AAC.`],
      );
      expect(ours, file.name).to.deep.equal(theirs);
    }
    decoder.dispose();
  });

  it('rejects with an AbortError when disposed while the worker decodes, and one caller may abort alone', async () => {
    const decoder = new AssetDecoder({ fetch: fetchOf(mp3) });
    const controller = new AbortController();
    const first = decoder.decode('/v1/assets/bed.mp3', controller.signal);
    const second = decoder.decode('/v1/assets/bed.mp3');
    controller.abort(new DOMException('stop', 'AbortError'));
    expect((await rejection(first)).name).to.equal('AbortError');
    expect((await second).frames).to.equal(72_000);
    const third = decoder.decode('/v1/assets/other.mp3');
    await new Promise((resolve) => setTimeout(resolve, 5));
    decoder.dispose();
    expect((await rejection(third)).name).to.equal('AbortError');
  });
});

describe('DecodeWork', () => {
  it('starts the worker on demand and stops it once idle', async () => {
    const work = new DecodeWork(undefined, 50);
    expect(work.running).to.equal(0);
    const result = await work.decode(wav16([sine(0.1, 22_050)], 22_050), 48_000);
    expect('channels' in result && [result.sampleRate, result.channels[0]!.length]).to.deep.equal([48_000, 4800]);
    expect(work.running).to.equal(1);
    await waitUntil(() => work.running === 0, () => `the idle worker stopped (${work.running} running)`);
    const again = await work.decode(wav16([sine(0.1, 22_050)], 22_050), undefined);
    expect('channels' in again && again.sampleRate).to.equal(22_050);
    work.dispose();
  });

  it('has a second worker resample the second channel of a long stereo WAV: the same result as one worker', async () => {
    const music = [0, 1].map((c) => Float32Array.from({ length: 44_100 * 7 }, (_, i) => 0.4 * Math.sin(i * (0.05 + 0.03 * c)) * Math.sin(i / 5000)));
    const bytes = wav16(music, 44_100);
    expect(bytes.byteLength).to.be.above(SPLIT_MIN_BYTES);
    const expected = await decodeBytes(new Uint8Array(bytes), 48_000);
    const work = new DecodeWork();
    const result = await work.decode(bytes.slice(0), 48_000);
    expect(work.running).to.equal(2);
    if (!('channels' in result)) throw new Error('not decoded off the page');
    expect(result.channels.map((channel) => channel.length)).to.deep.equal([336_000, 336_000]);
    for (let c = 0; c < 2; c++) expect(result.channels[c]!.every((value, i) => value === expected.channels[c]![i]), `channel ${c}`).to.equal(true);
    const peaks = await peaksOf(expected.channels, 48_000);
    expect(result.peaks.every((value, i) => value === peaks[i])).to.equal(true);
    work.dispose();
  });

  it('streams the second channel of an MP3 to the second worker as it is decoded: the same result', async function () {
    skipIn(this, 'webcodecs-mp3');
    const bytes = await mp3();
    const expected = await decodeBytes(new Uint8Array(bytes), 48_000);
    const work = new DecodeWork(undefined, DECODE_WORKER_IDLE_MS, 0);
    const result = await work.decode(bytes.slice(0), 48_000);
    expect(work.running).to.equal(2);
    if (!('channels' in result)) throw new Error('not decoded off the page');
    for (let c = 0; c < 2; c++) expect(result.channels[c]!.every((value, i) => value === expected.channels[c]![i]), `channel ${c}`).to.equal(true);
    const peaks = await peaksOf(expected.channels, 48_000);
    expect(result.peaks.every((value, i) => value === peaks[i])).to.equal(true);
    // A file the worker leaves to the page: both workers let go of it.
    const other = await work.decode(new Uint8Array(2000).fill(9).buffer, 48_000);
    expect('bytes' in other && other.bytes?.byteLength).to.equal(2000);
    work.dispose();
  });

  it('gives the bytes back for what the worker does not decode', async () => {
    const work = new DecodeWork();
    const result = await work.decode(new Uint8Array([1, 2, 3, 4, 5]).buffer, 48_000);
    expect('bytes' in result && [...new Uint8Array(result.bytes!)]).to.deep.equal([1, 2, 3, 4, 5]);
    work.dispose();
  });
});
