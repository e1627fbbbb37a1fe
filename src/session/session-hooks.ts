// What an editor session (./editor-session.ts) is made of and what it tells its element: the hooks the element
// gives it, and its options (the makers of its parts can be replaced, for tests).
import type { EditorServices, EditorServicesHooks } from '../api/create-services.js';
import type { ResolvedConfig } from '../config/types.js';
import type { StudioError } from '../errors.js';
import type { DisposalScope } from '../internal/scope.js';
import type { EditorStore } from '../model/editor-state.js';
import type * as AutosaveModule from '../model/persistence/autosave.js';
import type { prefetchDraft } from '../model/persistence/draft-prefetch.js';
import type * as EditorAudio from './editor-audio.js';

/** What a session tells its element, and the little it asks of it. */
export interface SessionHooks {
  /** Something the element shows or provides changed: `ready`, the client, the preview and its state, the notices, the restored time, the project. */
  changed(): void;
  /** An event for the host, dispatched on the element (`studio-change`, `studio-save`, `studio-auth-error`, ...). */
  dispatch(event: Event): void;
  /** A `studio-error` with the developer's message. */
  error(error: StudioError): void;
  /** Applies the view of `config` and resolves once its first paint can show: its words and its first panel. */
  firstPaint(config: ResolvedConfig): Promise<unknown>;
  /** Resolves once the element rendered what it has. */
  rendered(): Promise<unknown>;
  /** The session is ready and `studio-ready` fired: load what the first paint did not need. */
  ready(config: ResolvedConfig, scope: DisposalScope): void;
  /** The default title of a new project, in the editor's language. */
  untitled(): string;
  /** Whether the element is in the page: a session starts only then. */
  connected(): boolean;
}

/** What a session is made of: its hooks, the element's store, and (for tests) the makers of its parts. */
export interface SessionOptions {
  readonly hooks: SessionHooks;
  /** The element's one store: the project and its history outlive every session. */
  readonly store: EditorStore;
  readonly createServices?: (config: ResolvedConfig, hooks?: EditorServicesHooks) => EditorServices;
  readonly loadAudio?: () => Promise<Pick<typeof EditorAudio, 'startAudio'>>;
  readonly startAutosave?: typeof AutosaveModule.startAutosave;
  readonly prefetchDraft?: typeof prefetchDraft;
}
