import { expect } from '@open-wc/testing';
import { AssetDecoder } from '../../src/audio/decode.js';
import { inspectWavHeader } from '../../src/audio/dsp/wav-header.js';
import { checkUpload } from '../../src/audio/upload-check.js';
import { BAD_UPLOADS, goodWav } from '../support/bad-audio.js';

describe('checkUpload', () => {
  const decoder = new AssetDecoder({ fetch: (input, init) => fetch(input, init) });
  const decode = (file: Blob, signal?: AbortSignal) => decoder.decodeFile(file, signal);
  after(() => decoder.dispose());

  it('accepts a valid WAV and gives its decoded audio', async () => {
    const result = await checkUpload(new File([goodWav(1.5)], 'bed.wav', { type: 'audio/wav' }), decode);
    expect('audio' in result).to.equal(true);
    if ('audio' in result) expect(result.audio.channels[0]!.length / result.audio.sampleRate).to.be.closeTo(1.5, 0.01);
  });

  for (const [name, file, key] of BAD_UPLOADS) {
    it(`refuses ${name} (${key})`, async () => {
      const result = await checkUpload(file(), decode);
      expect('refusal' in result ? result.refusal.key : 'accepted').to.equal(key);
    });
  }

  it('reads the facts of a truthful header and nothing from a non-WAV', () => {
    expect(inspectWavHeader(new Uint8Array(goodWav(2)))).to.deep.equal({ channels: 1, sampleRate: 8000, bitDepth: 16, frames: 16_000 });
    expect(inspectWavHeader(new Uint8Array([1, 2, 3]))).to.equal(undefined);
  });

  it('passes an abort through instead of refusing', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('gone', 'AbortError'));
    let caught: unknown;
    try {
      await checkUpload(new File([goodWav()], 'bed.wav'), decode, controller.signal);
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).name).to.equal('AbortError');
  });
});
