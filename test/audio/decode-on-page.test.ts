// The page's fallback decoder (decodeAudioData) gives what the decode worker gives, as where the worker or its
// WebCodecs AudioDecoder is missing or refuses MP3 (WebKitGTK): the file's rate when asked, MP3s trimmed.
// Tested in every engine by taking the worker away (createWorker: null).
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { AssetDecoder } from '../../src/audio/decode.js';
import { fileRateOf, mp3Of, trimmedMp3 } from '../../src/audio/decode-on-page.js';
import { sine, wav16 } from '../support/wav.js';

const mp3 = async (): Promise<ArrayBuffer> => (await fetch('/test/fixtures/mp3/cbr.mp3')).arrayBuffer();
const fetchOf = (make: () => Promise<ArrayBuffer> | ArrayBuffer) => async () => new Response(await make());

describe('decoding on the page (no decode worker)', () => {
  afterEach(() => sinon.restore());

  it('keeps the file rate when asked (the upload check), as the worker does: nothing resampled', async () => {
    sinon.stub(console, 'warn');
    const decoder = new AssetDecoder({ fetch: fetchOf(mp3), sampleRate: 8000, fileRate: true, createWorker: null });
    const audio = await decoder.decodeFile(new File([await mp3()], 'bed.mp3'));
    expect([audio.sampleRate, audio.frames]).to.deep.equal([44_100, 66_150]);
    decoder.dispose();
  });

  it('decodes an MP3 to the same length as the worker, at the render rate', async () => {
    sinon.stub(console, 'warn');
    const [onPage, inWorker] = [new AssetDecoder({ fetch: fetchOf(mp3), createWorker: null }), new AssetDecoder({ fetch: fetchOf(mp3) })];
    const [a, b] = await Promise.all([onPage.decode('/v1/assets/bed.mp3'), inWorker.decode('/v1/assets/bed.mp3')]);
    expect([a.sampleRate, a.frames]).to.deep.equal([b.sampleRate, b.frames]);
    expect(a.frames).to.equal(72_000);
    onPage.dispose();
    inWorker.dispose();
  });

  it('reads the rate of a WAV and an MP3 from their headers, and nothing from other bytes', async () => {
    expect(fileRateOf(new Uint8Array(wav16([sine(0.1, 22_050)], 22_050)))).to.equal(22_050);
    expect(fileRateOf(new Uint8Array(await mp3()))).to.equal(44_100);
    expect(fileRateOf(new Uint8Array(64).fill(7))).to.equal(undefined);
  });

  it('trims an MP3 that the engine decoded whole (every frame, delay and padding in) to the encoder’s samples', async () => {
    const frames = mp3Of(new Uint8Array(await mp3()))!;
    const whole = frames.frames.length * frames.samplesPerFrame;
    const channel = Float32Array.from({ length: whole }, (_, i) => i);
    const [trimmed] = trimmedMp3([channel], 44_100, frames);
    expect([trimmed!.length, trimmed![0]]).to.deep.equal([frames.length, frames.skip]);
    // Resampled to 48 kHz by the engine: trimmed in proportion.
    const [resampled] = trimmedMp3([new Float32Array(Math.round((whole * 48_000) / 44_100))], 48_000, frames);
    expect(resampled!.length).to.equal(Math.round((frames.length * 48_000) / 44_100));
    // Already trimmed (Chromium): left as it is.
    const done = new Float32Array(frames.length);
    expect(trimmedMp3([done], 44_100, frames)[0]).to.equal(done);
  });
});
