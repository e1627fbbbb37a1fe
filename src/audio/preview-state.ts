import type { StudioError } from '../errors.js';
import type { DecodedAudio } from './decode.js';
import type { LoudnessMeasurement, LoudnessSeries } from './dsp/loudness.js';
import type { ComplianceResult } from './dsp/presets.js';
import type { ExportOptions } from './engine.js';
import type { ExportedMix } from './export.js';
import type { RenderStage } from './render-protocol.js';
import type { TransportState } from './transport.js';
import type { SpeechTiming } from './timing-rules.js';

/** What mastering did to the mix that plays (absent when mastering is off). */
export interface PreviewMastering {
  /** Integrated loudness of the mix before mastering, LUFS. */
  readonly inputIntegrated: number;
  /** Static gain applied before the limiter, dB. */
  readonly gainDb: number;
  /** Deepest limiter gain reduction, dB. */
  readonly limiterReductionDb: number;
}

/** The preview of the project's mix: what plays, and what an export with the project's settings writes. */
export interface PreviewState {
  /**
   * `empty`: nothing to play (no clip, no bed); `rendering`: a render is under way (the last result stays
   * until the new one is in); `ready`; `error`: the last render failed (`error` says why; the project is
   * untouched).
   */
  readonly status: 'empty' | 'rendering' | 'ready' | 'error';
  /** The stage of the render under way. */
  readonly stage: 'decode' | RenderStage | null;
  readonly error: StudioError | null;
  /** Loudness of what plays: the master when mastering is on, the raw mix otherwise. */
  readonly measurement: LoudnessMeasurement | null;
  /** Loudness over time of what plays (10 values a second), for the Master panel's graph. */
  readonly series: LoudnessSeries | null;
  /** `measurement` against the project's delivery preset, with the length rules (speech fits, no overlap). */
  readonly compliance: ComplianceResult | null;
  /** Where the speech ends and which clips overlap (null until the clips are decoded). */
  readonly timing: SpeechTiming | null;
  readonly mastering: PreviewMastering | null;
  /** Length of what plays, seconds. */
  readonly duration: number;
  /** The music's ducking gain in dB (0 = not lowered), `envelopeRate` points per second. */
  readonly envelope: Float32Array;
  readonly envelopeRate: number;
  readonly transport: TransportState;
}

/**
 * The preview as the panels see it (provided through `previewContext`): its state, the playhead, the
 * transport, waveform peaks of decoded assets, and the export of the editor.
 */
export interface MixPreviewSource {
  getState(): PreviewState;
  /** Called after every change of state; returns the function that stops it. */
  subscribe(listener: (state: PreviewState) => void): () => void;
  /** Playhead, seconds: read it every frame. */
  readonly currentTime: number;
  play(): Promise<void>;
  pause(): void;
  seek(time: number): void;
  /**
   * Peaks of a decoded asset (absolute maxima, `pointsPerSecond` per second, default 100), computed once
   * and cached; undefined until the asset is decoded (a state change follows).
   */
  peaks(url: string, pointsPerSecond?: number): Float32Array | undefined;
  /** Length of a decoded asset, seconds; undefined until decoded. */
  sourceDuration(url: string): number | undefined;
  /**
   * Decodes a file the user chose, as the editor decodes its assets (at the render rate, off the page where
   * it can): an upload is checked with it, then `keepDecoded` under the URL it is stored at, so that the
   * project does not decode the file again.
   */
  decodeFile(file: Blob, signal?: AbortSignal): Promise<DecodedAudio>;
  /** Keeps `audio`, from `decodeFile`, as the decoded asset at `url` (unless that URL is decoded already). */
  keepDecoded(url: string, audio: DecodedAudio): void;
  /** The editor's export: renders, masters, encodes, fires `studio-export`; the file with its figures. */
  export(options: ExportOptions): Promise<ExportedMix>;
}
