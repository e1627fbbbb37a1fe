import type { LoudnessMeasurement } from './dsp/loudness.js';
import type { DeliveryPreset } from '../delivery/presets.js';

/** The software named in exported files' tags (WAV `ISFT` and `bext` Originator, MP3 `TSSE`). */
export const EXPORT_SOFTWARE = 'Service Studio Editor';

const figure = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : value > 0 ? 'inf' : '-inf');

/**
 * The loudness comment of an exported file, from the file's own measurement:
 * `Integrated -14.0 LUFS, true peak -1.2 dBTP, loudness range 4.3 LU; preset streaming: -14 LUFS, -1 dBTP`.
 */
export function loudnessComment(measurement: LoudnessMeasurement, preset?: DeliveryPreset): string {
  const figures = `Integrated ${figure(measurement.integrated)} LUFS, true peak ${figure(measurement.truePeak)} dBTP, loudness range ${figure(measurement.range)} LU`;
  return preset ? `${figures}; preset ${preset.id}: ${preset.integrated} LUFS, ${preset.truePeak} dBTP` : figures;
}
