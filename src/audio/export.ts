import type { ExportFormat } from '../config/types.js';
import { StudioError } from '../errors.js';
import type { MixSpec } from './dsp/mix-spec.js';
import type { LoudnessMeasurement } from './dsp/loudness.js';
import { checkCompliance, resolvePreset, type ComplianceResult } from './dsp/presets.js';
import { encodeWav } from './dsp/wav.js';
import { AudioInputError } from './errors.js';
import { loadMp3Encoder } from './mp3-loader.js';
import type { RenderedMix } from './render-protocol.js';
import { loadRenderLocal } from './render-local-loader.js';

/**
 * Renders a spec (the editor passes its worker `Renderer`; the default renders here). With `measure`, an
 * unmastered result carries its `measurement`.
 */
export type RenderFn = (spec: MixSpec, options: { signal?: AbortSignal | undefined; measure: true }) => Promise<RenderedMix>;

/** Options of `exportMix`. */
export interface ExportMixOptions {
  readonly format: ExportFormat;
  /** Used for the file name. Default `ad`. */
  readonly title?: string;
  /** MP3 bitrate, kbps. Default 192. */
  readonly mp3Kbps?: number;
  readonly signal?: AbortSignal | undefined;
  /** How to render. Default: `renderMix` on this thread. */
  readonly render?: RenderFn;
}

/** An exported ad: the file, and the measurement and compliance of the master it encodes. */
export interface ExportedMix {
  readonly blob: Blob;
  readonly format: ExportFormat;
  /** From the title: `spring-sale.wav`. */
  readonly fileName: string;
  /** Of the mastered mix as encoded (WAV) or before lossy encoding (MP3). */
  readonly measurement: LoudnessMeasurement;
  /** The master against the spec's preset; absent when the spec has no mastering. */
  readonly compliance?: ComplianceResult;
}

const FORMATS: readonly ExportFormat[] = ['wav16', 'wav24', 'mp3'];

/** A file name from a title: lower case, words joined by `-`, no path characters; `ad` when nothing is left. */
export function exportFileName(title: string | undefined, format: ExportFormat): string {
  const base =
    (title ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'ad';
  return `${base}.${format === 'mp3' ? 'mp3' : 'wav'}`;
}

const defaultRender: RenderFn = async (spec, { signal, measure }) => {
  const { renderLocal } = await loadRenderLocal();
  signal?.throwIfAborted();
  return renderLocal(spec, {}, measure);
};

/**
 * Renders `spec` (at its sample rate: give 44100 or 48000) and encodes it: `wav16` (TPDF-dithered) and `wav24` with
 * the DSP's WAV encoder, `mp3` (CBR, LAME) through an encoder loaded only now. Rejects with the signal's
 * reason when aborted; with an `AudioInputError` for an unknown format.
 */
export async function exportMix(spec: MixSpec, options: ExportMixOptions): Promise<ExportedMix> {
  const { format, signal } = options;
  if (!FORMATS.includes(format)) throw new AudioInputError(`export format: "${String(format)}" is not supported; use wav16, wav24 or mp3.`);
  if (format === 'mp3' && spec.sampleRate !== 44100 && spec.sampleRate !== 48000) {
    throw new AudioInputError(`export sampleRate: ${spec.sampleRate} Hz is not supported for MP3; use 44100 or 48000.`);
  }
  // Start loading the encoder while the mix renders.
  const encoder = format === 'mp3' ? loadMp3Encoder() : undefined;
  encoder?.catch(() => undefined);
  const result = await (options.render ?? defaultRender)(spec, { signal, measure: true });
  signal?.throwIfAborted();
  const measurement = result.mastering?.measurement ?? result.measurement;
  if (measurement === undefined) throw new StudioError('export-render', 'The render gave no loudness measurement: a custom render function must honour `measure`.');
  const compliance = result.mastering?.compliance ?? (spec.mastering ? checkCompliance(measurement, resolvePreset(spec.mastering.preset, spec.mastering)) : undefined);
  let blob: Blob;
  if (format === 'mp3') {
    let module: Awaited<NonNullable<typeof encoder>>;
    try {
      module = await encoder!;
    } catch (error) {
      throw new StudioError('export-encoder', `The MP3 encoder could not be loaded (${(error as Error).message}); check that all of studio-editor's files are served, or export WAV.`, {
        recoverable: true,
        cause: error,
      });
    }
    const parts = await module.encodeMp3(result.channels, result.sampleRate, options.mp3Kbps ?? 192, signal);
    blob = new Blob(parts as BlobPart[], { type: 'audio/mpeg' });
  } else {
    const bytes = encodeWav(result.channels, result.sampleRate, format === 'wav24' ? { bitDepth: 24 } : { bitDepth: 16, dither: true });
    blob = new Blob([bytes as BlobPart], { type: 'audio/wav' });
  }
  signal?.throwIfAborted();
  return { blob, format, fileName: exportFileName(options.title, format), measurement, ...(compliance ? { compliance } : {}) };
}
