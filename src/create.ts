import type { StudioConfig } from './config/types.js';
import { snapshotConfig } from './config/snapshot.js';
import { loadChecksOf, resolveConfig, uncheckedKeys } from './config/validate.js';
import { mergeConfig } from './config/merge.js';
import { primeFormats } from './i18n/format.js';
import { StudioConfigError, StudioError } from './errors.js';
import { domEventType, type StudioEventMap, type StudioEventName } from './events/event-map.js';
import type { StudioEditor } from './components/studio-editor/studio-editor.js';
import { prepareAutosave } from './session/editor-session.js';
import type { ProjectDocument } from './model/document.js';
import './components/studio-editor/studio-editor.js';
import type { ServiceClient } from './api/client.js';
import type { ExportOptions } from './audio/engine.js';
import type { DeliverOptions, DeliverResult } from './session/deliver-run.js';
import type { DeliverFeedOptions, FeedDeliverResult } from './session/feed-run.js';
import type { ReviewAnnotationCollection, ReviewExportOptions } from './model/review-export.js';

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
  /** The project document now: a frozen snapshot, JSON-serialisable (see docs/project.md). */
  getProject(): ProjectDocument;
  /**
   * Loads a project document (any known schema version; migrated and validated) as one undo step, and
   * resolves to it. Rejects with a `StudioProjectError` naming the path of what is wrong; nothing is loaded
   * then. In the adopter role, a document that would change a locked part of the open one rejects with a
   * `StudioLockedError` (`code: 'locked'`). Asynchronous: the checks of documents are a chunk of
   * their own, not fetched to paint an editor; once here (after ready), the document loads within the call.
   */
  loadProject(doc: unknown): Promise<ProjectDocument>;
  /**
   * Applies a partial config, laid over the current one (plain objects merge key by key; `undefined`
   * resets a key to its default), validated like `create()`: throws a `StudioConfigError` naming the key
   * path, and nothing changes then. Language, theme, layout, tools and defaults change live, keeping the
   * project, its undo history, jobs and playback; a new `project.id`, `auth.userId` or `api.*` saves the
   * project and switches to the new one (`studio-ready` fires again). New auth callbacks are swapped in.
   */
  update(partial: Partial<StudioConfig>): void;
  /**
   * The review's comments as a W3C Web Annotation JSON-LD AnnotationCollection: each an Annotation targeting its
   * version's audio (`source`: an IRI, `{version}` replaced by the version's id) with a Media Fragments selector
   * (`t=12.5,14`) where the comment is now (docs/review.md).
   */
  exportReview(options?: ReviewExportOptions): Promise<ReviewAnnotationCollection>;
  /** Renders, masters and encodes the ad (`wav16`, `wav24`, `mp3`); also fires `studio-export`. */
  export(options: ExportOptions): Promise<Blob>;
  /**
   * Delivers each of the ad's `versions` (ids; default every version) to each of `destinations` (ids;
   * default the project's choice) in one run, with the voice and music `stems` when asked: resolves to
   * `{ zip, fileName, manifest }` (files that fail a rule are in `manifest.excluded`, not in the ZIP) and fires
   * `studio-deliver`. Rejects with the signal's reason when aborted; with a `StudioError`
   * (`deliver-destination`, `deliver-version`, `deliver-none`, `deliver-off`, `deliver-vast`, and `ad-id-duplicate`
   * when two versions share an Ad-ID) when refused, before anything is rendered.
   */
  deliver(options?: DeliverOptions): Promise<DeliverResult>;
  /**
   * Delivers the project's feed, one ad a row (docs/feeds.md): `rows` (keys; default every row without a
   * problem) to `destinations` in `versions` (default the open one). Resolves to `{ zip, fileName, manifest }`:
   * a folder per row, `manifest.feed.rows` listing every row, delivered or failed with its reasons. Fires
   * `studio-deliver`. Rejects with the signal's reason when aborted; with a `StudioError` (`feed-none`,
   * `feed-key`, `feed-row`, `feed-template`, `deliver-failed`, `ad-id-duplicate` when two of its creatives share an
   * Ad-ID, and those of `deliver()`) when refused.
   */
  deliverFeed(options?: DeliverFeedOptions): Promise<FeedDeliverResult>;
  /** Removes the editor and releases every listener, timer and pending request. Safe to call more than once. */
  destroy(): void;
}

/** How many errors raised before `create()` resolved are kept for `on('error')` listeners. */
const EARLY_EVENTS = 20;
/** How long the first render waits for the draft read ahead (see `prepareAutosave`), at most. */
const DRAFT_WAIT_MS = 100;

/**
 * Mounts an editor into the one element matched by `config.target` and resolves its handle once the editor
 * is ready. Rejects with a `StudioConfigError` naming the key path of anything wrong in `config`.
 * Errors raised while it starts (storage refused, a token that could not be had) are kept and replayed
 * to each `on('error')` and `on('auth-error')` listener when it is added.
 */
export async function create(config: StudioConfig): Promise<StudioHandle> {
  // Read the caller's object once; the element gets the same frozen snapshot (and never re-reads the original).
  const snapshot = snapshotConfig(config);
  let resolved = resolveConfig(snapshot, { requireTarget: true });
  // A string of the later words (`i18n.strings`) is checked against their keys' table, and host destinations
  // (`delivery.destinations`) by their checks: chunks of their own, brought first when the config has them.
  if (uncheckedKeys(resolved).length > 0) {
    await loadChecksOf(resolved);
    resolved = resolveConfig(snapshot, { requireTarget: true });
  }
  const host = findTarget(resolved.target!);
  // With autosave, its module, IndexedDB and the draft are the slowest steps of the start: they begin first,
  // and the editor's session takes the connection and the read when it starts (closed here if it never did).
  const ahead = prepareAutosave(resolved);
  // When another copy of the editor defined the tag first, this is that copy's element (same public API).
  const element = document.createElement('studio-editor');
  element.config = snapshot;
  const listeners = new Set<() => void>();
  let destroyed = false;
  // Errors before the handle exists: replayed to its listeners (nobody could have listened yet).
  const early: Event[] = [];
  const keepEarly = (event: Event) => {
    if (early.length < EARLY_EVENTS) early.push(event);
  };
  element.addEventListener('studio-error', keepEarly);
  element.addEventListener('studio-auth-error', keepEarly);

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
      const missed = early.filter((event) => event.type === eventType);
      if (missed.length > 0) {
        queueMicrotask(() => {
          if (listeners.has(off)) for (const event of missed) handler(event);
        });
      }
      return off;
    },
    update(partial) {
      if (destroyed) throw new StudioError('destroyed', 'The editor was destroyed; create a new one to change its config.');
      if (typeof partial !== 'object' || partial === null) {
        throw new StudioConfigError([{ path: 'update(partial)', message: `expected an object of config areas like { i18n: { locale: "fr" } }, got ${partial === null ? 'null' : typeof partial}` }]);
      }
      const next = mergeConfig(element.config ?? snapshot, snapshotConfig(partial));
      const checked = resolveConfig(next, { requireTarget: true });
      if (checked.target !== resolved.target) {
        throw new StudioConfigError([{ path: 'config.target', message: 'cannot change on a mounted editor; destroy() it and create() another in the new target' }]);
      }
      element.config = next;
    },
    getProject: () => element.getProject(),
    loadProject: (doc) => element.loadProject(doc),
    export: (options) => element.export(options),
    exportReview: (options) => element.exportReview(options),
    deliver: (options) => element.deliver(options),
    deliverFeed: (options) => element.deliverFeed(options),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const off of [...listeners]) off();
      element.removeEventListener('studio-error', keepEarly);
      element.removeEventListener('studio-auth-error', keepEarly);
      early.length = 0;
      // Out of the page first, so the panels' lingering work is released with the rest, at once.
      element.remove();
      element.destroy();
    },
  };

  const ready = new Promise<void>((resolve, reject) => {
    const onReady = () => {
      element.removeEventListener('studio-error', onError);
      resolve();
    };
    const onError = (event: Event) => {
      const { detail } = event as StudioEventMap['error'];
      if (detail.code !== 'config' || detail.recoverable) return;
      element.removeEventListener('studio-ready', onReady);
      handle.destroy();
      reject(new StudioError(detail.code, detail.message));
    };
    element.addEventListener('studio-ready', onReady, { once: true });
    element.addEventListener('studio-error', onError);
  });
  // The page gets a turn between validating, Intl's locale data and the first render: no one long task.
  // With autosave, the first render waits for the draft too (at most DRAFT_WAIT_MS): read while the page is
  // idle, it is here when the session starts, and ready comes before the first frame instead of after it.
  primeFormats(resolved.i18n.locale);
  let waited: ReturnType<typeof setTimeout> | undefined;
  const turn = new Promise((resolve) => setTimeout(resolve, 0));
  const draft = ahead && Promise.race([ahead.settled, new Promise((resolve) => (waited = setTimeout(resolve, DRAFT_WAIT_MS)))]);
  await Promise.all([turn, draft]);
  clearTimeout(waited);
  host.append(element);
  await ready.finally(() => ahead?.close());
  element.removeEventListener('studio-error', keepEarly);
  element.removeEventListener('studio-auth-error', keepEarly);
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
