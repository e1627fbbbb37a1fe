import type { ResolvedConfig } from '../config/types.js';
import { isServiceAction, type EditorAction } from './actions.js';
import { createProject, type ProjectDocument } from './document.js';
import { applyServiceAction, projectReducer } from './reducer.js';
import { emptyHistory, mapHistory, pushPast, type HistoryState } from './history.js';
import { createStore, type Store } from './store.js';

export type { HistoryState } from './history.js';

export type { EditorAction } from './actions.js';

/** What the editor shows and edits. */
export interface EditorState {
  /** The project document (the present). */
  readonly project: ProjectDocument;
  readonly history: HistoryState;
  /** The document last saved (or started from); `dirty` is whether the present differs from it. */
  readonly clean: ProjectDocument;
  /** Unsaved changes since the last save. */
  readonly dirty: boolean;
}

export type EditorStore = Store<EditorState, EditorAction>;

/** Default bound of the undo history. */
export const HISTORY_LIMIT = 200;

export const canUndo = (state: EditorState): boolean => state.history.pastDepth > 0;
export const canRedo = (state: EditorState): boolean => state.history.futureDepth > 0;

const withProject = (state: EditorState, project: ProjectDocument, history: HistoryState): EditorState => ({
  ...state,
  project,
  history,
  dirty: project !== state.clean,
});

/**
 * The editor's pure reducer: document edits become undo steps (merged while they share a `gesture` id),
 * service facts are applied to the present and to every history step without adding one, undo and redo
 * move through the bounded history, and `persist/saved` tracks the dirty flag.
 */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { history } = state;
  switch (action.type) {
    case 'project/init':
      return { project: action.project, clean: action.project, dirty: false, history: emptyHistory(history.limit) };
    case 'persist/saved':
      return action.project === state.clean ? state : { ...state, clean: action.project, dirty: state.project !== action.project };
    case 'history/undo': {
      if (history.pastDepth === 0 || history.past === null) return state;
      const { doc, next } = history.past;
      return withProject(state, doc, {
        ...history,
        past: next,
        pastDepth: history.pastDepth - 1,
        pastSize: history.pastSize - 1,
        future: { doc: state.project, next: history.future },
        futureDepth: history.futureDepth + 1,
        gesture: undefined,
      });
    }
    case 'history/redo': {
      if (history.future === null) return state;
      const { doc, next } = history.future;
      return withProject(state, doc, {
        ...history,
        past: { doc: state.project, next: history.past },
        pastDepth: Math.min(history.pastDepth + 1, history.limit),
        pastSize: history.pastSize + 1,
        future: next,
        futureDepth: history.futureDepth - 1,
        gesture: undefined,
      });
    }
    case 'history/end-gesture':
      return history.gesture === action.gesture ? { ...state, history: { ...history, gesture: undefined } } : state;
    case 'history/cancel-gesture': {
      if (history.gesture !== action.gesture || history.past === null || history.pastDepth === 0) return state;
      return withProject(state, history.past.doc, { ...history, past: history.past.next, pastDepth: history.pastDepth - 1, pastSize: history.pastSize - 1, gesture: undefined });
    }
    default:
      break;
  }
  if (isServiceAction(action)) {
    const project = applyServiceAction(state.project, action);
    if (project === state.project) return state;
    return withProject(state, project, mapHistory(history, (doc) => applyServiceAction(doc, action)));
  }
  const project = projectReducer(state.project, action);
  if (project === state.project) return state;
  let base = history;
  let previous = state.project;
  if (action.type === 'voiceover/received') {
    // The asset itself is a fact: every step knows it, so undoing the placement keeps the take available.
    const rebase = (doc: ProjectDocument) => applyServiceAction(doc, { type: 'assets/received', assets: [action.asset] });
    base = mapHistory(history, rebase);
    previous = rebase(previous);
  }
  if (action.gesture !== undefined && action.gesture === history.gesture) {
    // Still the same drag or slider: the step grows, nothing new is recorded.
    return withProject(state, project, { ...base, future: null, futureDepth: 0 });
  }
  return withProject(state, project, pushPast(base, previous, action.gesture));
}

/** The state before any config: an empty placeholder project. */
export function initialEditorState(project: ProjectDocument = createProject({ projectId: 'new', title: '', duration: 30 }), limit = HISTORY_LIMIT): EditorState {
  return { project, clean: project, dirty: false, history: emptyHistory(limit) };
}

/** Options of `createEditorStore`. */
export interface EditorStoreOptions {
  /** Bound of the undo history. Default `HISTORY_LIMIT` (200). */
  historyLimit?: number;
  project?: ProjectDocument;
}

export function createEditorStore(options: EditorStoreOptions = {}): EditorStore {
  return createStore(editorReducer, initialEditorState(options.project, Math.max(1, options.historyLimit ?? HISTORY_LIMIT)));
}

/** A new project from the resolved config, for the project id `projectId`; `untitled` is its title when the config gives none (in the editor's language). */
export function projectFromConfig(config: ResolvedConfig, projectId: string, untitled: string): ProjectDocument {
  return createProject({
    projectId,
    title: config.project.title ?? untitled,
    duration: config.project.duration,
    voice: config.vocal.voice,
    speed: config.vocal.speed,
    mode: config.vocal.mode,
    musicGain: config.music.gain,
    preset: config.mastering.preset,
    target: config.mastering.target,
    truePeak: config.mastering.truePeak,
  });
}

/** The action that starts an editor from its resolved config (history cleared). */
export const initFromConfig = (config: ResolvedConfig, projectId: string, untitled: string): EditorAction => ({
  type: 'project/init',
  project: projectFromConfig(config, projectId, untitled),
});
