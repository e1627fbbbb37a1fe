import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { AssetDecoder, displayUrl, peaksOf } from '../../src/audio/decode.js';
import { isMoved } from '../../src/audio/dsp/mix-spec.js';
import { encodeWav } from '../../src/audio/index.js';
import { StudioError } from '../../src/errors.js';
import { sine, wav16 } from '../support/wav.js';
import { rejection } from '../support/async.js';

const tone = wav16([sine(0.25, 48_000)], 48_000);

describe('AssetDecoder', () => {
  afterEach(() => sinon.restore());

  it('decodes an asset once for concurrent callers and caches it', async () => {
    const fetch = sinon.stub().callsFake(async () => new Response(tone.slice(0)));
    const decoder = new AssetDecoder({ fetch });
    const [a, b] = await Promise.all([decoder.decode('/v1/assets/a'), decoder.decode('/v1/assets/a')]);
    const c = await decoder.decode('/v1/assets/a');
    expect(fetch.callCount).to.equal(1);
    expect(a).to.equal(b);
    expect(c).to.equal(a);
    expect(a.sampleRate).to.equal(48_000);
    expect(a.channels[0]!.length).to.equal(12_000);
    expect(a.channels[0]![1200]).to.be.closeTo(0.5 * Math.sin((2 * Math.PI * 440 * 1200) / 48_000), 1e-3);
  });

  it('does not cache a failure, and says what failed without the query string', async () => {
    const fetch = sinon.stub();
    fetch.onFirstCall().resolves(new Response('busy', { status: 503 }));
    fetch.onSecondCall().resolves(new Response(tone.slice(0)));
    const decoder = new AssetDecoder({ fetch });
    const error = await rejection(decoder.decode('https://cdn.example/music/bed.wav?signature=secret'));
    expect(error).to.be.instanceOf(StudioError);
    expect((error as StudioError).toJSON()).to.deep.equal({
      name: 'StudioError',
      code: 'asset-http',
      status: 503,
      message: 'The audio “bed.wav” could not be downloaded (HTTP 503).',
      recoverable: true,
    });
    expect(error.message).to.not.include('secret');
    const audio = await decoder.decode('https://cdn.example/music/bed.wav?signature=secret');
    expect(audio.channels[0]!.length).to.equal(12_000);
    expect(fetch.callCount).to.equal(2);
  });

  it('turns a network failure and undecodable bytes into clear errors', async () => {
    const decoder = new AssetDecoder({
      fetch: async (url) => {
        if (url.includes('offline')) throw new TypeError('Failed to fetch');
        return new Response('not audio at all');
      },
    });
    const network = (await rejection(decoder.decode('/v1/assets/offline'))) as StudioError;
    expect([network.code, network.recoverable]).to.deep.equal(['asset-network', true]);
    const garbage = (await rejection(decoder.decode('/v1/assets/garbage.mp3'))) as StudioError;
    expect(garbage.code).to.equal('audio-decode');
    expect(garbage.message).to.equal('“garbage.mp3” is not audio this browser can decode: use WAV, MP3, OGG, FLAC or AAC.');
  });

  it('lets one caller abort without cancelling the download for another', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const decoder = new AssetDecoder({ fetch: async () => (await gate, new Response(tone.slice(0))) });
    const controller = new AbortController();
    const first = decoder.decode('/v1/assets/a', controller.signal);
    const second = decoder.decode('/v1/assets/a');
    controller.abort(new DOMException('stop', 'AbortError'));
    expect((await rejection(first)).name).to.equal('AbortError');
    release();
    expect((await second).channels[0]!.length).to.equal(12_000);
  });

  it('drops the least recently used assets past its byte budget', async () => {
    const decoder = new AssetDecoder({ fetch: async () => new Response(tone.slice(0)), maxCacheBytes: 12_000 * 4 * 2 });
    await decoder.decode('/a');
    await decoder.decode('/b');
    await decoder.decode('/a');
    await decoder.decode('/c');
    await Promise.resolve();
    expect(['/a', '/b', '/c'].map((url) => decoder.has(url))).to.deep.equal([true, false, true]);
    expect(decoder.cachedBytes).to.equal(12_000 * 4 * 2);
  });

  it('computes the peaks a slice at a time, the same as at once across the slices, the last point shorter', async () => {
    const frames = 50 * 48_000 + 123; // 5 slices of stereo, and a last point of 123 samples
    const channels = [0, 1].map((c) => Float32Array.from({ length: frames }, (_, i) => Math.sin(i * (0.0007 + c * 0.0003)) * ((i % 9_000) / 9_000) * (c ? -1 : 1)));
    const peaks = await peaksOf(channels, 48_000);
    expect(peaks.length).to.equal(5_001);
    let worst = 0;
    for (let p = 0; p < peaks.length; p++) {
      let m = 0;
      for (const channel of channels) for (let i = p * 480; i < Math.min(frames, (p + 1) * 480); i++) m = Math.max(m, Math.abs(channel[i]!));
      worst = Math.max(worst, Math.abs(peaks[p]! - m));
    }
    expect(worst).to.equal(0);
  });

  it('keeps the length and peaks once the samples were moved away, and decodes them again on reload (once for concurrent calls)', async () => {
    const fetch = sinon.stub().callsFake(async () => new Response(tone.slice(0)));
    const decoder = new AssetDecoder({ fetch });
    const audio = await decoder.decode('/v1/assets/a');
    expect([audio.frames, audio.peaks.length, decoder.owns(audio), decoder.owns({ channels: [], sampleRate: 48_000 })]).to.deep.equal([12_000, 25, true, false]);
    expect(Math.max(...audio.peaks)).to.be.closeTo(0.5, 1e-3);
    const before = audio.channels[0]!.slice();
    // What the renderer does: the arrays go to the worker, transferred.
    structuredClone(audio.channels, { transfer: audio.channels.map((channel) => channel.buffer as ArrayBuffer) });
    expect([isMoved(audio), audio.channels[0]!.length, audio.frames, decoder.cachedBytes]).to.deep.equal([true, 0, 12_000, 0]);
    await Promise.all([decoder.reload(audio), decoder.reload(audio)]);
    expect(fetch.callCount).to.equal(2);
    expect(isMoved(audio)).to.equal(false);
    expect(audio.channels[0]!.every((value, i) => value === before[i])).to.equal(true);
    expect(decoder.cachedBytes).to.equal(12_000 * 4);
    // Nothing to do when the samples are here.
    await decoder.reload(audio);
    expect(fetch.callCount).to.equal(2);
  });

  it('counts only the samples on the page against its budget: an asset moved away stays cached', async () => {
    const decoder = new AssetDecoder({ fetch: async () => new Response(tone.slice(0)), maxCacheBytes: 12_000 * 4 });
    const a = await decoder.decode('/a');
    structuredClone(a.channels, { transfer: a.channels.map((channel) => channel.buffer as ArrayBuffer) });
    await decoder.decode('/b');
    await decoder.decode('/c');
    await Promise.resolve();
    expect(['/a', '/b', '/c'].map((url) => decoder.has(url))).to.deep.equal([true, false, true]);
  });

  it('decodes an uploaded file, and names it when it is not audio', async () => {
    const decoder = new AssetDecoder({ fetch: async () => new Response(null, { status: 404 }) });
    const file = new File([tone], 'mine.wav', { type: 'audio/wav' });
    expect((await decoder.decodeFile(file)).channels[0]!.length).to.equal(12_000);
    const bad = (await rejection(decoder.decodeFile(new File(['hello'], 'notes.wav', { type: 'audio/wav' })))) as StudioError;
    expect(bad.message).to.equal('“notes.wav” is not audio this browser can decode: use WAV, MP3, OGG, FLAC or AAC.');
  });

  it('adopts a decoded file as the asset at a URL: decoded once, nothing fetched, an asset already there kept', async () => {
    const fetch = sinon.stub().resolves(new Response(tone.slice(0)));
    const decoder = new AssetDecoder({ fetch });
    const audio = await decoder.decodeFile(new File([tone], 'mine.wav'));
    decoder.adopt('upload:abc', audio);
    expect(await decoder.decode('upload:abc')).to.equal(audio);
    expect(fetch.callCount).to.equal(0);
    const fetched = await decoder.decode('/bed.wav');
    decoder.adopt('/bed.wav', audio);
    expect(await decoder.decode('/bed.wav')).to.equal(fetched);
    // Its samples, moved away, come back from the file.
    expect(decoder.owns(audio)).to.equal(true);
  });

  it('marks what a 16-bit file decodes to as fitting 16 bits, and a 24-bit file not', async () => {
    const decoder = new AssetDecoder({ fetch: async () => new Response(null, { status: 404 }) });
    const deep = encodeWav([sine(0.25, 48_000)], 48_000, { bitDepth: 24 });
    expect((await decoder.decodeFile(new File([tone], 'sixteen.wav'))).fits16Bit).to.equal(true);
    expect((await decoder.decodeFile(new File([deep.slice()], 'deep.wav'))).fits16Bit).to.equal(false);
  });

  it('aborts downloads on dispose', async () => {
    let seen: AbortSignal | undefined;
    const decoder = new AssetDecoder({
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          seen = init?.signal ?? undefined;
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    });
    const pending = decoder.decode('/v1/assets/slow');
    decoder.dispose();
    expect(seen?.aborted).to.equal(true);
    expect((await rejection(pending)).name).to.equal('AbortError');
  });

  it('shows only the file name of a URL', () => {
    expect(displayUrl('https://x.example/a/b/voice%20one.wav?token=abc#x')).to.equal('“voice one.wav”');
    expect(displayUrl('https://x.example/')).to.equal('the audio file');
  });
});
