import type { EditorStore } from '../../src/model/editor-state.js';
import { createEditorStore } from '../../src/model/editor-state.js';
import type { ProjectDocument } from '../../src/model/document.js';
import type { StudioNotice } from '../../src/model/notices.js';
import { Autosave, type AutosaveOptions } from '../../src/model/persistence/autosave.js';
import type { StudioStorageError } from '../../src/model/persistence/storage-error.js';
import { sampleProject } from './fixtures.js';
import { createTranslator } from '../../src/i18n/translate.js';
import { waitUntil } from '../support/wait.js';

/** A unique database name, so tests never share drafts. */
export const uniqueDb = () => `studio-test-${crypto.randomUUID()}`;

export interface Harness {
  store: EditorStore;
  autosave: Autosave;
  saved: number[];
  errors: StudioStorageError[];
  notices: () => readonly StudioNotice[];
  exported: ProjectDocument[];
  win: EventTarget;
  doc: EventTarget & { visibilityState: string };
}

/** A store and its autosave on `dbName`, with fake window/document targets and recorders. */
export function harness(dbName: string, options: Partial<AutosaveOptions> & { project?: ProjectDocument } = {}): Harness {
  const store = createEditorStore({ project: options.project ?? sampleProject() });
  const saved: number[] = [];
  const errors: StudioStorageError[] = [];
  const exported: ProjectDocument[] = [];
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const autosave = new Autosave({
    store,
    userId: 'u-1',
    dbName,
    debounceMs: 20,
    maxWaitMs: 100,
    window: win as unknown as Window,
    document: doc as unknown as Document,
    onSaved: ({ revision }) => saved.push(revision),
    onError: (error) => errors.push(error),
    onExport: (project) => exported.push(project),
    ...options,
  });
  return { store, autosave, saved, errors, exported, win, doc, notices: () => autosave.notices };
}

/** A notice's text in English. */
export const english = createTranslator('en');

/** Runs the action labelled `label` (its English text) of the notice of `kind`. */
export function press(source: { readonly notices: readonly StudioNotice[] }, kind: StudioNotice['kind'], label: string): void {
  const notice = source.notices.find((n) => n.kind === kind);
  if (notice === undefined) throw new Error(`no ${kind} notice; have ${source.notices.map((n) => n.kind).join(', ') || 'none'}`);
  const action = notice.actions.find((a) => english(a.label) === label);
  if (action === undefined) throw new Error(`no "${label}" on ${kind}`);
  action.run();
}

/**
 * Waits until `condition` holds (IndexedDB and BroadcastChannel deliver asynchronously), naming `what` if it never
 * does; `ms` only lengthens the shared wait's patience (test/support/wait.ts).
 */
export const until = (condition: () => boolean, what: string, ms?: number): Promise<void> => waitUntil(condition, what, { interval: 10, timeout: ms });
