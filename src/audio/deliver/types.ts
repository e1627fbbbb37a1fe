// What a delivery runs on: where files are encoded and measured, how an MP3 is decoded again, and the renders
// and sources. deliver.ts takes these; deps.ts makes them from the engine; work-pool.ts shares the works.
import type { ProjectDocument } from '../../model/document.js';
import type { MixSpec } from '../dsp/mix-spec.js';
import type { DecodeFn } from '../export.js';
import type { Mp3Work } from '../mp3-work.js';
import type { SourceLookup } from '../project-mix.js';
import type { RenderedMix } from '../render-protocol.js';

/** Where files are encoded and measured: the MP3 worker (see `openMp3Work`), or this thread. */
export type DeliverWork = Pick<Mp3Work, 'encode' | 'writeWav' | 'figures' | 'close'>;

/** Decodes an MP3 as written (gapless: exactly the samples encoded), 1 or 2 channels at its own rate. */
export type DeliverDecode = DecodeFn;

/**
 * What a delivery runs on. The engine gives its own (`engineDeliverDeps`: the render worker, the MP3
 * worker, the platform's MP3 decoder); in Node, give the sources, `localRender` and a decoder (ffmpeg).
 */
export interface DeliverDeps {
  /** The decoded audio of the project's assets (by URL). */
  sources(project: ProjectDocument, signal?: AbortSignal): Promise<SourceLookup>;
  /** Renders a spec: the un-mastered mix, the voice alone, and each master (the mix as its one source). */
  render(spec: MixSpec, options: { readonly signal?: AbortSignal | undefined }): Promise<RenderedMix>;
  /** Opens where the files are encoded and measured; closed when the delivery ends. Default: `openMp3Work()`. */
  openWork?: (signal?: AbortSignal) => Promise<DeliverWork>;
  /** Decodes an MP3 again for its measurement. Default: the platform's `decodeAudioData`; required where there is none. */
  decodeMp3?: DeliverDecode;
  /** How many works write files at once (MP3 encoding takes the time). Default 2. */
  workers?: number;
}

