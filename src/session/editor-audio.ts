import type { EditorServices } from '../api/create-services.js';
import { AudioEngine, type ExportOptions } from '../audio/engine.js';
import type { ExportedMix } from '../audio/export.js';
import { MixPreview } from '../audio/mix-preview.js';
import type { DisposalScope } from '../internal/scope.js';
import type { EditorStore } from '../model/editor-state.js';
import { UPLOAD_SCHEME, loadUpload } from '../model/persistence/uploads.js';

/** What `startAudio` needs from the editor. */
export interface EditorAudioOptions {
  readonly services: EditorServices;
  readonly store: EditorStore;
  readonly scope: DisposalScope;
  /** The editor's export (checks the config's formats, fires `studio-export`). */
  readonly export: (options: ExportOptions) => Promise<ExportedMix>;
}

/**
 * Starts the editor's audio for as long as `scope` lives: the engine (decoder, worker renderer, transport),
 * with uploaded music read back from IndexedDB and everything else fetched with the editor's auth; the
 * preview, rendered again after each change of the store's project.
 */
export function startAudio(options: EditorAudioOptions): { engine: AudioEngine; preview: MixPreview } {
  const { services, store, scope } = options;
  const fetchAsset = (url: string, init?: RequestInit): Promise<Response> =>
    url.startsWith(UPLOAD_SCHEME)
      ? services.session.userId().then((userId) => loadUpload(url, userId)).then((blob) => new Response(blob))
      : services.client.fetch(url, init);
  const engine = new AudioEngine({ fetch: fetchAsset });
  const preview = new MixPreview({ engine, export: options.export });
  scope.add(() => {
    preview.dispose();
    engine.dispose();
  });
  scope.add(store.subscribe((state) => preview.update(state.project)));
  preview.update(store.getState().project);
  return { engine, preview };
}
