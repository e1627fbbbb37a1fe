import { measureLoudness, type LoudnessMeasurement } from '../../audio/dsp/loudness.js';
import { checkCompliance, resolvePreset, type ComplianceResult } from '../../audio/dsp/presets.js';
import type { MasteringSettings } from '../../model/document.js';

/** Loudness of an exported file and, when it was mastered, its compliance with the preset. */
export interface ExportedFigures {
  readonly measurement: LoudnessMeasurement;
  readonly compliance?: ComplianceResult | undefined;
}

/**
 * Decodes an exported file (WAV or MP3) at `sampleRate` and measures it; checks it against the project's
 * preset when mastering is on. Used when the editor's `studio-export` figures did not reach the panel.
 */
export async function measureExport(blob: Blob, sampleRate: number, mastering: MasteringSettings, signal?: AbortSignal): Promise<ExportedFigures> {
  const bytes = await blob.arrayBuffer();
  signal?.throwIfAborted();
  const buffer = await new OfflineAudioContext(1, 1, sampleRate).decodeAudioData(bytes);
  signal?.throwIfAborted();
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
  const measurement = measureLoudness(channels, buffer.sampleRate);
  return { measurement, compliance: mastering.enabled ? checkCompliance(measurement, resolvePreset(mastering.preset, mastering)) : undefined };
}
