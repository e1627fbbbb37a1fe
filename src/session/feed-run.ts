// What a feed's run takes and gives, as the element's `deliverFeed()`, the handle and the Feed panel see it:
// one row heard (the dynamic player), every row delivered. Types only: the work is `feed-deliver.ts` and
// `feed-takes.ts`, started by the editor.
import type { VastGiven } from './deliver-vast.js';
import type { DeliveryManifest, FeedManifestPart } from '../delivery/types.js';

export type { FeedManifestPart, FeedRowOutcome } from '../delivery/types.js';
import type { DeliverStage } from './deliver-run.js';
import type { Reason } from '../rules/said.js';

/** Options of `element.deliverFeed()` and `handle.deliverFeed()`. */
export interface DeliverFeedOptions {
  /** The keys of the rows to deliver. Default: every row without a problem (`checkFeed`). */
  readonly rows?: readonly string[];
  /** Destination ids (built-in or `config.delivery.destinations`). Default: the project's chosen destinations. */
  readonly destinations?: readonly string[];
  /** Version ids: each row is delivered in each. Default: the open version. */
  readonly versions?: readonly string[];
  /** For the VAST destinations: where the files will be served, and the impression URLs (as `deliver({ vast })`). */
  readonly vast?: VastGiven;
  /** Cancels the run: it rejects with the signal's reason, and nothing is kept (no ZIP, no event). */
  readonly signal?: AbortSignal;
  /** Called as each row moves on. */
  readonly onProgress?: (progress: FeedProgress) => void;
}

/** Where a row of a run is. `voice`: its takes are being made; then a file's steps; `done` or `failed`. */
export type FeedRowStage = 'voice' | DeliverStage | 'failed';

/** One step of a run. */
export interface FeedProgress {
  /** The row's key. */
  readonly row: string;
  readonly stage: FeedRowStage;
  /** Rows finished (delivered or failed) so far, and the rows of the run. */
  readonly done: number;
  readonly total: number;
}

/** What `deliverFeed()` resolves to. */
export interface FeedDeliverResult {
  /** The ZIP: a folder per row (its key) with its files, `manifest.json` and `report.html`. */
  readonly zip: Blob;
  readonly fileName: string;
  /** The delivery manifest; `feed` lists every row, delivered or failed. */
  readonly manifest: DeliveryManifest & { readonly feed: FeedManifestPart };
  /**
   * Each failed row's reasons, by its key: the manifest's words (`message`, in English), where each happened (a
   * version, a column, a file) and `said`, what the editor says it with in the user's language (the Feed step's
   * outcome shows them so).
   */
  readonly reasons: ReadonlyMap<string, readonly Reason[]>;
}

/** One row heard in the Feed panel: its mix as a WAV, what was voiced for it and what was reused. */
export interface FeedRowPreview {
  readonly key: string;
  /** The row's mix (mastered as the project is), WAV. */
  readonly wav: Blob;
  readonly seconds: number;
  /** Takes made for this row, and takes reused (the cache, or the template's). */
  readonly voiced: number;
  readonly reused: number;
}

/** What rows cost, in credits (the one price, session/price.ts): as planned, and at most. */
export interface FeedPrice {
  /** The voice-overs the rows need as planned. */
  readonly credits: number;
  /** With those of rows read again, faster, should their takes run past the end: never exceeded. */
  readonly most: number;
}

/** What the Feed panel gets from the editor. */
export interface FeedRunner {
  /** Voices what row `key` needs (cached) and renders it. Rejects with a `StudioError` naming the row's problem. */
  previewRow(key: string, options?: { readonly signal?: AbortSignal }): Promise<FeedRowPreview>;
  /**
   * What the run of `rows` (keys) in `versions` (ids; default the open one) costs in credits, at the service's
   * prices; `undefined` when it states none. Row `key` heard: `[key]`.
   */
  price(rows: readonly string[], versions?: readonly string[]): Promise<FeedPrice | undefined>;
  /** Delivers the rows (see `DeliverFeedOptions`); fires `studio-deliver` with the feed's manifest. */
  deliverFeed(options: DeliverFeedOptions): Promise<FeedDeliverResult>;
}
