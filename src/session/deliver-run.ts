// What a delivery takes and gives, as the element's `deliver()`, the handle and the Deliver panel see it.
// Types only: the work is the audio pipeline's (`AudioEngine.deliver`), started by the editor.
import type { DeliveryManifest } from '../delivery/types.js';
import type { VastGiven } from './deliver-vast.js';
import type { Reason } from '../rules/said.js';

/** The steps of one file of a delivery, in order. */
export type DeliverStage = 'render' | 'master' | 'encode' | 'measure' | 'pack' | 'done';

/**
 * One step of one file: a destination's file (`file` is its id) or a stem (`stem-voice`, `stem-music`); when
 * more than one version is delivered, with the version's id after `@` (`streaming@v2`, `stem-voice@v2`).
 */
export interface DeliverProgress {
  readonly file: string;
  readonly stage: DeliverStage;
}

/** Options of `element.deliver()` and `handle.deliver()`. */
export interface DeliverOptions {
  /** Destination ids (built-in or `config.delivery.destinations`). Default: the project's chosen destinations. */
  readonly destinations?: readonly string[];
  /**
   * Version ids (`project.versions`) to deliver, each to every destination: the matrix. Default: every
   * version. With more than one, each file's name carries its version (`{version}`, added to a template
   * without it) and `{length}` is the version's; a progress `file` is `<destination>@<version>`.
   */
  readonly versions?: readonly string[];
  /** Adds the voice-only and music-only stems (WAV 48 kHz 24-bit). Default: the project's choice. */
  readonly stems?: boolean;
  /**
   * For the VAST destinations (`vast-audio`, a host's with `vast`): the absolute http(s) URL the files will be
   * served under (over the profile's), and the impression URLs (over the profile's; none: none). A VAST
   * destination without a `mediaBaseUrl` from either is refused before anything is rendered.
   */
  readonly vast?: VastGiven;
  /** Aborts the delivery: it rejects with the signal's reason, and nothing is kept. */
  readonly signal?: AbortSignal;
  /** Called as each file moves on a step. */
  readonly onProgress?: (progress: DeliverProgress) => void;
}

/** What `element.deliver()` and `handle.deliver()` resolve to. */
export interface DeliverResult {
  /** The ZIP: each destination's file, `manifest.json`, `report.html`, the stems when asked. */
  readonly zip: Blob;
  /** The ZIP's file name. */
  readonly fileName: string;
  readonly manifest: DeliveryManifest;
}

/** A delivery as the Deliver panel gets it: the result and every file made (passing, failed and stems) by name. */
export interface DeliveryRun extends DeliverResult {
  readonly files: ReadonlyMap<string, Blob>;
  /** Why each vast.xml is not valid or not written, by its file name (its manifest entry's `problems`, with their words). */
  readonly vastReasons: ReadonlyMap<string, readonly Reason[]>;
  /**
   * The ZIP made again from these files, without rendering, with the failed destinations `includeAnyway`
   * names in it (the manifest and report say so); fires `studio-deliver` again.
   */
  repack(includeAnyway: readonly string[]): Promise<DeliveryRun>;
}

/** Runs a delivery for the panel (the editor's, which also fires `studio-deliver`). */
export type DeliverRunner = (options: DeliverOptions) => Promise<DeliveryRun>;
