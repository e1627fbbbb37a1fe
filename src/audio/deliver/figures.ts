// The figures of a delivered file's decoded samples: what the manifest and the rules read. Pure DSP; the
// MP3 worker runs it (a delivery measures off the page).
import type { DeliveredFigures } from '../../delivery/types.js';
import { loudnessBlocks, measureFromBlocks, type LoudnessMeasurement } from '../dsp/loudness.js';
import { peaks } from '../dsp/true-peak.js';

/** The figures of decoded samples; the file's own (bytes, hash, depth or bitrate) are added by who wrote it. */
export type AudioFigures = Omit<DeliveredFigures, 'bytes' | 'sha256' | 'bitDepth' | 'bitrateKbps'>;

/** Below this a sample is silence at the end of a file: -60 dBFS. */
export const TAIL_SILENCE_DBFS = -60;
/** The short-term curve's floor, LUFS: the absolute gate of BS.1770 (silence is drawn there, and JSON has no -Infinity). */
export const SHORT_TERM_FLOOR = -70;

/** A file's decoded samples measured: the figures, and the measurement its tags carry (with the maxima). */
export interface MeasuredAudio {
  readonly figures: AudioFigures;
  readonly measurement: LoudnessMeasurement;
}

/** Seconds at the end of `channels` where every channel stays under -60 dBFS. */
export function tailSilence(channels: readonly Float32Array[], sampleRate: number): number {
  const threshold = Math.pow(10, TAIL_SILENCE_DBFS / 20);
  const n = channels[0]?.length ?? 0;
  let end = n;
  outer: for (; end > 0; end--) {
    for (const channel of channels) if (Math.abs(channel[end - 1]!) >= threshold) break outer;
  }
  return (n - end) / sampleRate;
}

/** The largest DC offset of the channels (the mean of each), as a fraction of full scale. */
export function dcOffset(channels: readonly Float32Array[]): number {
  let worst = 0;
  for (const channel of channels) {
    let sum = 0;
    for (let i = 0; i < channel.length; i++) sum += channel[i]!;
    worst = Math.max(worst, Math.abs(channel.length > 0 ? sum / channel.length : 0));
  }
  return worst;
}

/**
 * Measures decoded samples: integrated loudness, loudness range, true and sample peak (BS.1770-4, as the
 * export), DC offset, silence at the end (under -60 dBFS), and the short-term loudness (3 s window) every
 * 0.1 s, rounded to hundredths and floored at -70 LUFS.
 */
export function measureAudio(channels: readonly Float32Array[], sampleRate: number): MeasuredAudio {
  const blocks = loudnessBlocks(channels, sampleRate);
  const measurement = measureFromBlocks(blocks, peaks(channels, sampleRate));
  const samples = channels[0]?.length ?? 0;
  const figures: AudioFigures = {
    samples,
    seconds: samples / sampleRate,
    sampleRate,
    channels: channels.length,
    integrated: measurement.integrated,
    range: measurement.range,
    truePeak: measurement.truePeak,
    samplePeak: measurement.samplePeak,
    dc: dcOffset(channels),
    tailSilence: tailSilence(channels, sampleRate),
    shortTerm: { step: 0.1, values: Array.from(blocks.shortTerm, (value) => Math.max(SHORT_TERM_FLOOR, Math.round(value * 100) / 100)) },
  };
  return { figures, measurement };
}
