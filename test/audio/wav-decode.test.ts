// The WAVs encodeWav writes decode back bit-exact (decodeAudioData), at 16 and 24 bits, mono and stereo, 44.1 and
// 48 kHz; and the DSP runs in a module worker (no DOM). Engines scale 16-bit codes differently (Chromium and WebKit
// divide positive codes by 32767, Firefox every code by 32768): the codes must come back, each engine's way.
import { expect } from '@open-wc/testing';
import { encodeWav } from '../../src/audio/index.js';
import { prng } from './signals.js';

/** Random PCM codes as samples, scaled as Chromium does (16-bit positive codes times float32(1 / 32767)). */
function codes(length: number, bits: 16 | 24, seed: number): Float32Array {
  const scale = 2 ** (bits - 1);
  const positive = bits === 16 ? 32767 : scale;
  const random = prng(seed);
  const ks = Array.from({ length }, () => Math.floor(random() * 2 * scale - scale));
  ks[0] = -scale;
  ks[1] = scale - 1;
  ks[2] = 0;
  ks[3] = 1;
  return new Float32Array(ks.map((k) => (k > 0 ? Math.fround(k * Math.fround(1 / positive)) : k / scale)));
}

async function decode(bytes: Uint8Array, sampleRate: number): Promise<AudioBuffer> {
  const context = new OfflineAudioContext(1, 1, sampleRate);
  const copy = bytes.slice().buffer;
  return context.decodeAudioData(copy);
}

/** The integer codes of decoded samples: the positive scale read off the largest code (`scale - 1`, at index 1). */
function decodedCodes(decoded: Float32Array, bits: 16 | 24): number[] {
  const scale = 2 ** (bits - 1);
  const positive = Math.round((scale - 1) / decoded[1]!);
  return Array.from(decoded, (x) => Math.round(x > 0 ? x * positive : x * scale));
}

describe('encodeWav decoded by the browser', () => {
  for (const bits of [16, 24] as const) {
    for (const [rate, count] of [[48000, 2], [44100, 1]] as const) {
      it(`${bits}-bit, ${rate} Hz, ${count === 2 ? 'stereo' : 'mono'}: every sample comes back exactly`, async () => {
        const channels = Array.from({ length: count }, (_, c) => codes(30000, bits, bits + c));
        const buffer = await decode(encodeWav(channels, rate, { bitDepth: bits }), rate);
        expect(buffer.numberOfChannels).to.equal(count);
        expect(buffer.sampleRate).to.equal(rate);
        expect(buffer.length).to.equal(30000);
        let mismatches = 0;
        for (let c = 0; c < count; c++) {
          const decoded = decodedCodes(buffer.getChannelData(c), bits);
          const written = decodedCodes(channels[c]!, bits);
          for (let i = 0; i < decoded.length; i++) if (decoded[i] !== written[i]) mismatches++;
        }
        expect(mismatches).to.equal(0);
      });
    }
  }

  it('a 48 kHz mix written at 44.1 kHz (resampled) decodes at 44.1 kHz with the expected length', async () => {
    const x = new Float32Array(48000).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 48000));
    const buffer = await decode(encodeWav([x, x], 48000, { sampleRate: 44100, bitDepth: 24 }), 44100);
    expect(buffer.sampleRate).to.equal(44100);
    expect(buffer.length).to.equal(44100);
    const y = buffer.getChannelData(0);
    let worst = 0;
    for (let i = 500; i < 43000; i++) worst = Math.max(worst, Math.abs(y[i]! - 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 44100)));
    expect(worst).to.be.below(1e-3);
  });
});

describe('the DSP in a module worker', () => {
  it('renders, masters and measures a mix off the main thread', async () => {
    const worker = new Worker(new URL('./dsp-worker.ts', import.meta.url), { type: 'module' });
    try {
      const result = await new Promise<{ integrated: number; truePeak: number; pass: boolean; length: number }>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent) => resolve(event.data as { integrated: number; truePeak: number; pass: boolean; length: number });
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage({ seconds: 5 });
      });
      expect(result.length).to.equal(5 * 48000);
      expect(Math.abs(result.integrated + 16)).to.be.below(0.5);
      expect(result.truePeak).to.be.at.most(-1);
      expect(result.pass).to.equal(true);
    } finally {
      worker.terminate();
    }
  });
});
