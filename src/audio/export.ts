import type { ExportFormat } from '../config/types.js';
import { StudioError } from '../errors.js';
import type { MixSpec } from './dsp/mix-spec.js';
import { measureLoudness, type LoudnessMeasurement } from './dsp/loudness.js';
import { checkCompliance, resolvePreset, type ComplianceResult } from './dsp/presets.js';
import { decodeWav, encodeWav } from './dsp/wav.js';
import { withWavMetadata } from './dsp/wav-metadata.js';
import { AudioInputError } from './errors.js';
import { EXPORT_SOFTWARE, loudnessComment } from './export-tags.js';
import { id3Tag } from './id3.js';
import { openMp3Work, type Mp3Work } from './mp3-work.js';
import type { RenderedMix, WavEncoding } from './render-protocol.js';
import { loadRenderLocal } from './render-local-loader.js';
import { nextTurn } from '../internal/turn.js';
import { runSteps } from './dsp/steps.js';

/**
 * Renders a spec (the editor passes its worker `Renderer`; the default renders here). With `measure`, an
 * unmastered result carries its `measurement`.
 */
export type RenderFn = (spec: MixSpec, options: { signal?: AbortSignal | undefined; measure: true; wav?: WavEncoding | undefined }) => Promise<RenderedMix>;

/**
 * Decodes an encoded MP3 at its own rate, honouring its gapless (LAME) tag where the platform does: the
 * export measures what it wrote with it.
 */
export type DecodeFn = (bytes: Uint8Array, sampleRate: number) => Promise<readonly Float32Array[]>;

/** Options of `exportMix`. */
export interface ExportMixOptions {
  readonly format: ExportFormat;
  /** Used for the file name and the file's title tag (WAV INFO `INAM`, MP3 ID3 `TIT2`). Default `ad`. */
  readonly title?: string;
  /** The file's artist tag (WAV INFO `IART`, MP3 ID3 `TPE1`); none when absent. */
  readonly artist?: string | undefined;
  /**
   * How to decode the MP3 for its measurement. Default: the platform's `decodeAudioData` (an
   * `OfflineAudioContext`); where there is none, the master is measured instead (`measuredFrom: 'master'`).
   */
  readonly decode?: DecodeFn;
  /** MP3 bitrate, kbps. Default 192. */
  readonly mp3Kbps?: number;
  /**
   * Makes the worker that encodes an MP3 and measures it decoded again. Default: `mp3-worker.js` beside
   * this module (where there is a `Worker`); when it cannot start, or with `null`, that is done on this
   * thread (the encoder is then loaded here).
   */
  readonly mp3Worker?: (() => Worker) | null;
  readonly signal?: AbortSignal | undefined;
  /** How to render. Default: `renderMix` on this thread. */
  readonly render?: RenderFn;
}

/** An exported ad: the file, and the measurement and compliance of what it holds. */
export interface ExportedMix {
  readonly blob: Blob;
  readonly format: ExportFormat;
  /** From the title: `spring-sale.wav`. */
  readonly fileName: string;
  /** Of the file as written: its samples decoded again (unless `measuredFrom` says otherwise). */
  readonly measurement: LoudnessMeasurement;
  /** `master` for an MP3 measured before encoding, where no decoder was at hand (see `ExportMixOptions.decode`). */
  readonly measuredFrom?: 'master';
  /** The measurement against the spec's preset; absent when the spec has no mastering. */
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

const defaultRender: RenderFn = async (spec, { signal, measure, wav }) => {
  const { renderLocal } = await loadRenderLocal();
  // The page gets a turn between the render's steps; an abort stops it there.
  return runSteps(renderLocal(spec, {}, measure, wav), nextTurn, signal);
};

/** The platform's decoder (decodeAudioData at the file's rate, so nothing is resampled); none outside a page. */
export const platformDecode: DecodeFn | undefined =
  typeof OfflineAudioContext === 'undefined'
    ? undefined
    : async (bytes, sampleRate) => {
        const buffer = await new OfflineAudioContext(1, 1, sampleRate).decodeAudioData(bytes.slice().buffer);
        return Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
      };

/** The parts joined into one array. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
}

/**
 * How much lower than the preset's true-peak ceiling a lossy file is mastered, dB: the MP3 encoder's
 * filtering puts peaks 0.6 to 0.8 dB over the master's (measured at 192 kbit/s), and the rules are checked
 * on the file as written.
 */
export const LOSSY_HEADROOM_DB = 1;

/** The spec to render for `format`: for MP3, mastered to a ceiling `LOSSY_HEADROOM_DB` under the preset's. */
function lossyHeadroom(spec: MixSpec, format: ExportFormat): MixSpec {
  if (format !== 'mp3' || !spec.mastering) return spec;
  const preset = resolvePreset(spec.mastering.preset, spec.mastering);
  return { ...spec, mastering: { preset: { ...preset, truePeak: preset.truePeak - LOSSY_HEADROOM_DB } } };
}

/**
 * Renders `spec` (at its sample rate: give 44100 or 48000) and encodes it: `wav16` (TPDF-dithered) and `wav24` with
 * the DSP's WAV encoder (LIST/INFO and BWF `bext` v2 chunks: title, software, loudness), `mp3` (CBR, LAME,
 * gapless Info/LAME header, ID3v2.4 title and loudness comment) through an encoder loaded only now. The file
 * is then decoded again and measured: the result's figures are the file's. Every format holds exactly
 * round(length * sampleRate) samples. The render runs where `render` runs it (the editor: its render
 * worker, which also writes a WAV); an MP3 is encoded, and measured once decoded, in an MP3 worker started
 * for the export (see `mp3Worker`), so the page does no heavy work. The render's arrays are handed to that
 * worker (emptied here). Rejects with the signal's reason when aborted (the MP3 worker is stopped); with an
 * `AudioInputError` for an unknown format.
 */
export async function exportMix(spec: MixSpec, options: ExportMixOptions): Promise<ExportedMix> {
  const { format, signal } = options;
  if (!FORMATS.includes(format)) throw new AudioInputError(`export format: "${String(format)}" is not supported; use wav16, wav24 or mp3.`);
  if (format === 'mp3' && spec.sampleRate !== 44100 && spec.sampleRate !== 48000) {
    throw new AudioInputError(`export sampleRate: ${spec.sampleRate} Hz is not supported for MP3; use 44100 or 48000.`);
  }
  // Start the MP3 worker while the mix renders; it stops when the export ends, however it ends.
  const mp3 = format === 'mp3' ? openMp3Work(options.mp3Worker, signal) : undefined;
  mp3?.catch(() => undefined);
  try {
    return await renderAndEncode(spec, options, mp3);
  } finally {
    void mp3?.then((work) => work.close(), () => undefined);
  }
}

/** `exportMix` once its options are checked, with the MP3 worker (for an MP3) starting. */
async function renderAndEncode(spec: MixSpec, options: ExportMixOptions, mp3: Promise<Mp3Work> | undefined): Promise<ExportedMix> {
  const { format, signal } = options;
  // A WAV is written where the mix renders (the render worker), so the page does no encoding.
  const wav: WavEncoding | undefined = format === 'mp3' ? undefined : format === 'wav24' ? { bitDepth: 24, dither: false } : { bitDepth: 16, dither: true };
  const result = await (options.render ?? defaultRender)(lossyHeadroom(spec, format), { signal, measure: true, wav });
  signal?.throwIfAborted();
  const master = result.mastering?.measurement ?? result.measurement;
  if (master === undefined) throw new StudioError('export-render', 'The render gave no loudness measurement: a custom render function must honour `measure`.');
  const preset = spec.mastering ? resolvePreset(spec.mastering.preset, spec.mastering) : undefined;
  const tags = (measurement: LoudnessMeasurement) => ({
    title: options.title?.trim() || undefined,
    artist: options.artist?.trim() || undefined,
    comment: loudnessComment(measurement, preset),
  });
  let blob: Blob;
  let measurement: LoudnessMeasurement;
  let fromMaster = false;
  if (format === 'mp3') {
    const work = await mp3!;
    const parts = await work.encode(result.channels, result.sampleRate, options.mp3Kbps ?? 192);
    signal?.throwIfAborted();
    const decode = options.decode ?? platformDecode;
    if (decode) {
      const decoded = await decode(concat(parts), result.sampleRate);
      signal?.throwIfAborted();
      measurement = await work.measure(decoded, result.sampleRate);
    } else {
      measurement = master;
      fromMaster = true;
    }
    const id3 = id3Tag({ ...tags(measurement), encoder: EXPORT_SOFTWARE });
    blob = new Blob([id3, ...parts] as BlobPart[], { type: 'audio/mpeg' });
  } else {
    // A custom render function may not encode: then it is done here.
    const written = result.wav ?? { bytes: encodeWav(result.channels, result.sampleRate, wav!), measurement: undefined };
    const bytes = written.bytes;
    measurement = written.measurement ?? measureLoudness(decodeWav(bytes).channels, result.sampleRate);
    const file = withWavMetadata(bytes, { ...tags(measurement), software: EXPORT_SOFTWARE, loudness: measurement });
    blob = new Blob([file as BlobPart], { type: 'audio/wav' });
  }
  signal?.throwIfAborted();
  const compliance = preset ? checkCompliance(measurement, preset) : undefined;
  return { blob, format, fileName: exportFileName(options.title, format), measurement, ...(fromMaster ? { measuredFrom: 'master' as const } : {}), ...(compliance ? { compliance } : {}) };
}
