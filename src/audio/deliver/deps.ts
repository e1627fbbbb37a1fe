// What a delivery runs on: the editor's engine (its render worker and decoded assets, the MP3 worker,
// the platform's decoder), or this thread alone (Node, with sources and an MP3 decoder given).
import type { ProjectDocument } from '../../model/document.js';
import type { DecodedAudio } from '../decode.js';
import { nextTurn } from '../../internal/turn.js';
import { runSteps } from '../dsp/steps.js';
import type { SourceLookup } from '../project-mix.js';
import { loadRenderLocal } from '../render-local-loader.js';
import type { Renderer } from '../renderer.js';
import type { DeliverDecode, DeliverDeps } from './types.js';

/** What `engineDeliverDeps` reads of an `AudioEngine`. */
export interface DeliveringEngine {
  readonly renderer: Pick<Renderer, 'render' | 'mode'>;
  sources(project: ProjectDocument, signal?: AbortSignal): Promise<Map<string, DecodedAudio>>;
}

/** A delivery on the engine: its decoded assets, its render worker, the MP3 worker (here where the render worker could not start). */
export function engineDeliverDeps(engine: DeliveringEngine): DeliverDeps {
  return {
    sources: (project, signal) => engine.sources(project, signal),
    render: (spec, { signal }) => engine.renderer.render(spec, { signal }),
    openWork: async (signal) => (await import('../mp3-work.js')).openMp3Work(engine.renderer.mode === 'main-thread' ? null : undefined, signal),
  };
}

/**
 * A delivery on this thread alone (Node, or a test): `sources` decoded by the caller, renders in steps
 * here, files encoded and measured here, MP3s decoded again with `decodeMp3` (FFmpeg in Node).
 */
export function localDeliverDeps(sources: SourceLookup, decodeMp3?: DeliverDecode): DeliverDeps {
  /** The render under way: renders run one at a time, as in the render worker (they share its work buffers). */
  let queue: Promise<unknown> = Promise.resolve();
  return {
    sources: async () => sources,
    render: (spec, { signal }) => {
      const rendering = queue.then(async () => {
        const { renderLocal } = await loadRenderLocal();
        return runSteps(renderLocal(spec, {}, false), nextTurn, signal);
      });
      queue = rendering.catch(() => undefined);
      return rendering;
    },
    openWork: async (signal) => (await import('../mp3-work.js')).openMp3Work(null, signal),
    ...(decodeMp3 ? { decodeMp3 } : {}),
  };
}
