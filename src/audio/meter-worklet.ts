// The live meter's AudioWorklet processor: what plays, measured as the offline meter measures it, in real
// time. BS.1770 K-weighting (the same filters as dsp/k-weighting.ts), 100 ms steps, momentary (400 ms) and
// short-term (3 s) loudness, and the true peak per channel by 4x interpolation (the same phases as
// dsp/true-peak-interpolator.ts), posted every 100 ms. Built into one file without imports (rollup.config.mjs), as
// worklets must be loaded by URL.
import { kWeightingFilters } from './dsp/k-weighting.js';
import { interpolationPhase } from './dsp/true-peak-interpolator.js';

/** One reading, posted every 100 ms of audio. Loudness in LUFS, true peak in dBTP per channel. */
export interface MeterMessage {
  momentary: number;
  shortTerm: number;
  truePeak: number[];
}

declare const sampleRate: number;
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

const CHANNELS = 2;
const TAPS = 16;
const PHASES = [0.25, 0.5, 0.75].map((frac) => interpolationPhase(frac));
const toLufs = (energy: number): number => (energy > 0 ? -0.691 + 10 * Math.log10(energy) : -Infinity);
const toDb = (value: number): number => (value > 0 ? 20 * Math.log10(value) : -Infinity);

class MeterProcessor extends AudioWorkletProcessor {
  readonly #filters = kWeightingFilters(sampleRate);
  /** Transposed direct form II states: two biquads of two states, per channel. */
  readonly #states = new Float64Array(CHANNELS * 4);
  /** The last 16 samples per channel, for the interpolator (a ring). */
  readonly #history = new Float32Array(CHANNELS * TAPS);
  #at = 0;
  readonly #step = Math.round(sampleRate / 10);
  #inStep = 0;
  #energy = 0;
  /** The last 30 step energies (3 s), newest at `#steps[(#filled - 1) % 30]`. */
  readonly #steps = new Float64Array(30);
  #filled = 0;
  readonly #peaks = new Float64Array(CHANNELS);

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0];
    if (input === undefined || input.length === 0) return true;
    const frames = input[0]!.length;
    const [s, h] = this.#filters;
    for (let i = 0; i < frames; i++) {
      for (let c = 0; c < CHANNELS; c++) {
        const x = (input[c] ?? input[0]!)[i]!;
        // K-weighting: the shelf, then the high-pass.
        const st = c * 4;
        const y1 = s.b0 * x + this.#states[st]!;
        this.#states[st] = s.b1 * x - s.a1 * y1 + this.#states[st + 1]!;
        this.#states[st + 1] = s.b2 * x - s.a2 * y1;
        const y2 = y1 + this.#states[st + 2]!;
        this.#states[st + 2] = -2 * y1 - h.a1 * y2 + this.#states[st + 3]!;
        this.#states[st + 3] = y1 - h.a2 * y2;
        this.#energy += y2 * y2;
        // True peak: the sample, and three points between the samples 8 and 7 back.
        const ring = c * TAPS;
        this.#history[ring + (this.#at % TAPS)] = x;
        let peak = Math.abs(x);
        for (const phase of PHASES) {
          let sum = 0;
          for (let k = 0; k < TAPS; k++) sum += phase[k]! * this.#history[ring + ((this.#at + 1 + k) % TAPS)]!;
          if (Math.abs(sum) > peak) peak = Math.abs(sum);
        }
        if (peak > this.#peaks[c]!) this.#peaks[c] = peak;
      }
      this.#at = (this.#at + 1) % TAPS;
      if (++this.#inStep === this.#step) this.#endStep();
    }
    return true;
  }

  #endStep(): void {
    this.#steps[this.#filled % 30] = this.#energy / this.#step;
    this.#filled += 1;
    this.#energy = 0;
    this.#inStep = 0;
    const mean = (count: number): number => {
      const n = Math.min(count, this.#filled);
      let sum = 0;
      for (let k = 1; k <= n; k++) sum += this.#steps[(this.#filled - k) % 30]!;
      return sum / count;
    };
    const message: MeterMessage = {
      momentary: this.#filled >= 4 ? toLufs(mean(4)) : -Infinity,
      shortTerm: this.#filled >= 30 ? toLufs(mean(30)) : -Infinity,
      truePeak: [...this.#peaks].map(toDb),
    };
    this.#peaks.fill(0);
    this.port.postMessage(message);
  }
}

registerProcessor('studio-editor-meter', MeterProcessor);
