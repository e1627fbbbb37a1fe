import type { StudioConfig } from './config/types.js';
import { snapshotConfig } from './config/snapshot.js';
import { resolveConfig } from './config/validate.js';
import { StudioConfigError, StudioError } from './errors.js';
import { domEventType, type StudioEventMap, type StudioEventName } from './events/event-map.js';
import type { StudioEditor } from './components/studio-editor/studio-editor.js';
import type { ProjectDocument } from './model/document.js';
import './components/studio-editor/studio-editor.js';
import type { ServiceClient } from './api/client.js';
import type { ExportOptions } from './audio/engine.js';

/** Listener of `handle.on(type, fn)`: gets the event's `detail` and the event itself. */
export type StudioListener<K extends StudioEventName> = (detail: StudioEventMap[K]['detail'], event: StudioEventMap[K]) => void;

/** What `create(config)` resolves to once the editor is ready. */
export interface StudioHandle {
  /** The mounted `<studio-editor>`. */
  readonly element: StudioEditor;
  /** Listens to an editor event by its short name (`'ready'`, `'error'`, ...); returns a function that stops listening. */
  on<K extends StudioEventName>(type: K, listener: StudioListener<K>): () => void;
  /** The service client with the editor's auth: the same operations the editor runs. */
  readonly api: ServiceClient;
  /** The project document now: a frozen snapshot, JSON-serialisable (see the README's project document). */
  getProject(): ProjectDocument;
  /**
   * Loads a project document (any known schema version; migrated and validated) as one undo step.
   * Throws a `StudioProjectError` naming the path of what is wrong; nothing is loaded then.
   */
  loadProject(doc: unknown): ProjectDocument;
  /** Renders, masters and encodes the ad (`wav16`, `wav24`, `mp3`); also fires `studio-export`. */
  export(options: ExportOptions): Promise<Blob>;
  /** Removes the editor and releases every listener, timer and pending request. Safe to call more than once. */
  destroy(): void;
}

/**
 * Mounts an editor into the one element matched by `config.target` and resolves its handle once the editor
 * is ready. Rejects with a `StudioConfigError` naming the key path of anything wrong in `config`.
 */
export async function create(config: StudioConfig): Promise<StudioHandle> {
  // Read the caller's object once; the element gets the same frozen snapshot (and never re-reads the original).
  const snapshot = snapshotConfig(config);
  const resolved = resolveConfig(snapshot, { requireTarget: true });
  const host = findTarget(resolved.target!);
  // When another copy of the editor defined the tag first, this is that copy's element (same public API).
  const element = document.createElement('studio-editor');
  element.config = snapshot;
  const listeners = new Set<() => void>();
  let destroyed = false;

  const handle: StudioHandle = {
    element,
    get api(): ServiceClient {
      if (element.api === undefined) throw new StudioError('destroyed', 'The editor was destroyed; create a new one to call the service.');
      return element.api;
    },
    on(type, listener) {
      const eventType = domEventType(type);
      const handler = (event: Event) => {
        const typed = event as StudioEventMap[typeof type];
        listener(typed.detail, typed);
      };
      element.addEventListener(eventType, handler);
      const off = () => {
        element.removeEventListener(eventType, handler);
        listeners.delete(off);
      };
      if (destroyed) off();
      else listeners.add(off);
      return off;
    },
    getProject: () => element.getProject(),
    loadProject: (doc) => element.loadProject(doc),
    export: (options) => element.export(options),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const off of [...listeners]) off();
      element.remove();
    },
  };

  const ready = new Promise<void>((resolve, reject) => {
    const onReady = () => {
      element.removeEventListener('studio-error', onError);
      resolve();
    };
    const onError = (event: Event) => {
      const { detail } = event as StudioEventMap['error'];
      if (detail.code !== 'config') return;
      element.removeEventListener('studio-ready', onReady);
      handle.destroy();
      reject(new StudioError(detail.code, detail.message));
    };
    element.addEventListener('studio-ready', onReady, { once: true });
    element.addEventListener('studio-error', onError);
  });
  host.append(element);
  await ready;
  return handle;
}

function findTarget(selector: string): Element {
  let matches: NodeListOf<Element>;
  try {
    matches = document.querySelectorAll(selector);
  } catch {
    throw new StudioConfigError([{ path: 'config.target', message: `expected a valid CSS selector like "#editor", got ${JSON.stringify(selector)}` }]);
  }
  if (matches.length !== 1) {
    throw new StudioConfigError([
      {
        path: 'config.target',
        message: `expected a selector that matches exactly one element, got ${JSON.stringify(selector)}, which matches ${matches.length === 0 ? 'no element' : `${matches.length} elements`}`,
      },
    ]);
  }
  const host = matches[0]!;
  if (host.querySelector(':scope > studio-editor') !== null) {
    throw new StudioConfigError([
      { path: 'config.target', message: `${JSON.stringify(selector)} already holds an editor; call destroy() on its handle before creating another there` },
    ]);
  }
  return host;
}
