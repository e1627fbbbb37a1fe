// WAV encoding (bit-exact round trips, header fields, dither) and the windowed-sinc resampler's quality.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeWav, encodeWav, resample } from '../../../src/audio/index.js';
import { prng, sine } from '../../audio/signals.js';

/** Residual after the best fit of a sine at `frequency`, relative to the signal, dB (THD+N). */
function thdPlusNoiseDb(x: Float32Array, frequency: number, sampleRate: number, skip: number): number {
  let ss = 0, cc = 0, sc = 0, xs = 0, xc = 0;
  for (let i = skip; i < x.length - skip; i++) {
    const s = Math.sin((2 * Math.PI * frequency * i) / sampleRate);
    const c = Math.cos((2 * Math.PI * frequency * i) / sampleRate);
    ss += s * s; cc += c * c; sc += s * c; xs += x[i]! * s; xc += x[i]! * c;
  }
  const det = ss * cc - sc * sc;
  const a = (xs * cc - xc * sc) / det;
  const b = (xc * ss - xs * sc) / det;
  let signal = 0, residual = 0;
  for (let i = skip; i < x.length - skip; i++) {
    const fit = a * Math.sin((2 * Math.PI * frequency * i) / sampleRate) + b * Math.cos((2 * Math.PI * frequency * i) / sampleRate);
    signal += fit * fit;
    residual += (x[i]! - fit) ** 2;
  }
  return 10 * Math.log10(residual / signal);
}

describe('encodeWav', () => {
  it('writes a canonical 44-byte PCM header', () => {
    const bytes = encodeWav([new Float32Array(10), new Float32Array(10)], 48000, { bitDepth: 24 });
    const view = new DataView(bytes.buffer);
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 4)), 'RIFF');
    assert.equal(view.getUint32(4, true), 36 + 60);
    assert.equal(view.getUint16(20, true), 1);
    assert.equal(view.getUint16(22, true), 2);
    assert.equal(view.getUint32(24, true), 48000);
    assert.equal(view.getUint32(28, true), 48000 * 6);
    assert.equal(view.getUint16(32, true), 6);
    assert.equal(view.getUint16(34, true), 24);
    assert.equal(view.getUint32(40, true), 60);
    assert.equal(bytes.length, 104);
  });

  for (const bits of [16, 24] as const) {
    it(`round-trips every ${bits}-bit code exactly`, () => {
      const scale = 2 ** (bits - 1);
      const positive = bits === 16 ? 32767 : scale;
      const random = prng(bits);
      const toSample = (k: number): number => (k > 0 ? Math.fround(k * Math.fround(1 / positive)) : k / scale);
      const codes = Array.from({ length: 20000 }, () => Math.floor(random() * 2 * scale - scale));
      codes[0] = -scale;
      codes[1] = scale - 1;
      codes[2] = 0;
      const x = new Float32Array(codes.map(toSample));
      const bytes = encodeWav([x], 44100, { bitDepth: bits });
      const decoded = decodeWav(bytes);
      assert.equal(decoded.sampleRate, 44100);
      assert.equal(decoded.bitDepth, bits);
      assert.deepEqual(Array.from(decoded.channels[0]!), Array.from(x));
      const view = new DataView(bytes.buffer);
      const read = (i: number): number => (bits === 16 ? view.getInt16(44 + 2 * i, true) : ((view.getUint8(44 + 3 * i) | (view.getUint8(45 + 3 * i) << 8) | (view.getUint8(46 + 3 * i) << 16)) << 8) >> 8);
      for (let i = 0; i < codes.length; i += 37) assert.equal(read(i), codes[i]);
    });
  }

  it('clamps over-range samples instead of wrapping', () => {
    const decoded = decodeWav(encodeWav([new Float32Array([1.5, -1.5, 1])], 48000));
    assert.deepEqual(Array.from(decoded.channels[0]!), [1, -1, 1]);
  });

  it('dithers 16-bit output only when asked, within ±1 LSB, reproducibly', () => {
    const x = sine(1000, 0.3, 0.1);
    const plain = decodeWav(encodeWav([x], 48000)).channels[0]!;
    const a = decodeWav(encodeWav([x], 48000, { dither: true })).channels[0]!;
    const b = decodeWav(encodeWav([x], 48000, { dither: true })).channels[0]!;
    assert.deepEqual(Array.from(a), Array.from(b));
    let differ = 0;
    for (let i = 0; i < x.length; i++) {
      assert.ok(Math.abs(a[i]! - x[i]!) <= 1.5 / 32768);
      if (a[i] !== plain[i]) differ++;
    }
    assert.ok(differ > x.length / 10, `${differ} samples changed by dither`);
  });

  it('maps mono to stereo and stereo to mono, and resamples on request', () => {
    const mono = new Float32Array(4800).fill(0.25);
    assert.equal(decodeWav(encodeWav([mono], 48000, { channelCount: 2 })).channels.length, 2);
    const down = decodeWav(encodeWav([mono, new Float32Array(4800)], 48000, { channelCount: 1 })).channels;
    assert.equal(down.length, 1);
    assert.ok(Math.abs(down[0]![100]! - 0.125) < 1 / 32767);
    const resampled = decodeWav(encodeWav([mono], 48000, { sampleRate: 44100 }));
    assert.equal(resampled.sampleRate, 44100);
    assert.equal(resampled.channels[0]!.length, 4410);
  });
});

describe('resample (windowed sinc)', () => {
  const cases: Array<[number, number, number]> = [
    [44100, 48000, 1000],
    [48000, 44100, 1000],
    [48000, 44100, 15000],
    [22050, 48000, 440],
    [44100, 48000, 19000],
  ];
  for (const [from, to, f] of cases) {
    it(`keeps a ${f} Hz sine a sine from ${from} to ${to} Hz: THD+N under -80 dB, level within 0.05 dB`, () => {
      const x = sine(f, 0.5, 1, from);
      const y = resample(x, from, to);
      assert.equal(y.length, Math.round((x.length * to) / from));
      const thd = thdPlusNoiseDb(y, f, to, 200);
      assert.ok(thd < -80, `THD+N ${thd.toFixed(1)} dB`);
      let peak = 0;
      for (let i = 200; i < y.length - 200; i++) peak = Math.max(peak, Math.abs(y[i]!));
      assert.ok(Math.abs(20 * Math.log10(peak / 0.5)) < 0.05, `level ${20 * Math.log10(peak / 0.5)} dB`);
    });
  }

  it('does not delay: the resampled sine stays in phase with the ideal one', () => {
    const y = resample(sine(1000, 0.5, 0.2, 44100), 44100, 48000);
    const ideal = sine(1000, 0.5, 0.2, 48000);
    for (let i = 500; i < 9000; i += 101) assert.ok(Math.abs(y[i]! - ideal[i]!) < 1e-3, `at ${i}`);
  });

  it('removes content above the new Nyquist frequency (23 kHz at 48 kHz to 44.1 kHz: under -60 dB)', () => {
    const y = resample(sine(23000, 0.5, 0.5, 48000), 48000, 44100);
    let rms = 0;
    for (let i = 500; i < y.length - 500; i++) rms += y[i]! * y[i]!;
    rms = Math.sqrt(rms / (y.length - 1000));
    assert.ok(20 * Math.log10(rms / (0.5 / Math.SQRT2)) < -60, `residue ${20 * Math.log10(rms / (0.5 / Math.SQRT2))} dB`);
  });
});
