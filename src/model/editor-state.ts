import type { ResolvedConfig } from '../config/types.js';
import { isReviewAction, isServiceAction, type EditorAction, type ReviewAction } from './actions.js';
import { createProject, type ProjectDocument, type ReviewPerson } from './document.js';
import { applyServiceAction, projectReducer } from './reducer.js';
import { emptyHistory, mapHistory, pushPast, type HistoryState } from './history.js';
import { lockRules, type BrokenLock, type EditorRole, type LockRules } from './lock-rules.js';
import { createStore, type Store } from './store.js';

export type { HistoryState } from './history.js';

export type { EditorAction, ReviewAction } from './actions.js';
export type { EditorRole } from './lock-rules.js';

/**
 * An action the store refused because it would change a locked part (adopter role): the lock (what, its
 * reason, the section's name) and the action itself. A fresh object for each refusal, so listeners hear each.
 */
export interface LockRefusal extends BrokenLock {
  readonly action: EditorAction;
}

/**
 * An action the store refused because the session reviews (`tools.role: 'reviewer'`): every edit of the ad,
 * undo and redo included. A fresh object for each refusal, so listeners hear each.
 */
export interface ReviewRefusal {
  readonly reviewOnly: true;
  readonly action: EditorAction;
}

/** Why the store refused the last action: a lock (adopter role) or the reviewer role. */
export type EditorRefusal = LockRefusal | ReviewRefusal;

/** What the editor shows and edits. */
export interface EditorState {
  /** The project document (the present). */
  readonly project: ProjectDocument;
  readonly history: HistoryState;
  /** The document last saved (or started from); `dirty` is whether the present differs from it. */
  readonly clean: ProjectDocument;
  /** Unsaved changes since the last save. */
  readonly dirty: boolean;
  /**
   * Who edits (`tools.role`): in the `adopter` role, edits that would change a locked part are refused; in the
   * `reviewer` role every edit of the ad is (only `version/open` and the review's actions pass).
   */
  readonly role: EditorRole;
  /** The author of the session's comments and decisions (`review.user`); absent: none can be made. */
  readonly reviewUser?: ReviewPerson | undefined;
  /** The last refused action, until the next change of the document; undefined when none. */
  readonly refusal: EditorRefusal | undefined;
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
  refusal: undefined,
});

/** `state` with `action` refused for breaking `lock`: nothing else changes. */
const refused = (state: EditorState, action: EditorAction, lock: BrokenLock): EditorState => ({ ...state, refusal: { ...lock, action } });

/** `state` with `action` refused for the reviewer role: nothing else changes. */
const reviewOnly = (state: EditorState, action: EditorAction): EditorState => ({ ...state, refusal: { reviewOnly: true, action } });

/**
 * The store's step for a comment or a decision (./review.ts, which provides it as it loads): the state after it,
 * the review applied to every step of the history too (a fact, not an undo step).
 */
export type ReviewStep = (state: EditorState, action: ReviewAction) => EditorState;

let reviewStep: ReviewStep | undefined;

/** Called by ./review.ts as it loads (no editor needs it to paint). */
export const provideReviewStep = (step: ReviewStep): void => {
  reviewStep = step;
};

/** The locks' rules in the adopter role (loaded before the role is set); undefined for a creator. */
function rulesFor(state: EditorState): LockRules | undefined {
  if (state.role !== 'adopter') return undefined;
  const rules = lockRules();
  if (rules === undefined) throw new Error('[studio-editor] the adopter role needs the lock rules: load them first (loadLockRules()).');
  return rules;
}

/** In the adopter role, the lock that going from the present to `doc` would break (undo, redo, an edit). */
const breaks = (state: EditorState, doc: ProjectDocument): BrokenLock | undefined => rulesFor(state)?.brokenLock(state.project, doc);

/**
 * The editor's pure reducer: document edits become undo steps (merged while they share a `gesture` id),
 * service facts are applied to the present and to every history step without adding one, undo and redo
 * move through the bounded history, and `persist/saved` tracks the dirty flag. In the adopter role, an edit,
 * undo or redo whose result would change a locked part is refused (`refusal`; see `brokenLock`), and
 * `lock/set` too; "Make the ad", choosing an idea and a new take keep the locked parts (`keepLocked`). In the
 * reviewer role every edit, undo and redo is refused (`ReviewRefusal`) but opening a version; comments and
 * decisions (`ReviewAction`) pass in every role and are never undo steps.
 */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const next = reduceEditor(state, action);
  // The reviewer role: whatever would change the document (an edit, undo, redo, a cancelled gesture, a loaded
  // document) is refused, but the review's actions, the service's facts, a session's start and opening another
  // version (what is heard and shown, not the ad; the selection, playhead and zoom are the components' state).
  if (state.role !== 'reviewer' || next.project === state.project || isReviewAction(action) || isServiceAction(action) || action.type === 'version/open' || action.type === 'project/init') return next;
  return reviewOnly(state, action);
}

function reduceEditor(state: EditorState, action: EditorAction): EditorState {
  const { history } = state;
  switch (action.type) {
    case 'project/init':
      return { ...state, project: action.project, clean: action.project, dirty: false, history: emptyHistory(history.limit), refusal: undefined };
    case 'session/role':
      if (action.role === state.role && action.user === state.reviewUser) return state;
      if (action.role === 'adopter' && lockRules() === undefined) throw new Error('[studio-editor] the adopter role needs the lock rules: load them first (loadLockRules()).');
      return { ...state, role: action.role, reviewUser: action.user, refusal: undefined };
    case 'persist/saved':
      return action.project === state.clean ? state : { ...state, clean: action.project, dirty: state.project !== action.project };
    case 'history/undo': {
      if (history.pastDepth === 0 || history.past === null) return state;
      const { doc, next } = history.past;
      const lock = breaks(state, doc);
      if (lock !== undefined) return refused(state, action, lock);
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
      const lock = breaks(state, doc);
      if (lock !== undefined) return refused(state, action, lock);
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
      const lock = breaks(state, history.past.doc);
      if (lock !== undefined) return refused(state, action, lock);
      return withProject(state, history.past.doc, { ...history, past: history.past.next, pastDepth: history.pastDepth - 1, pastSize: history.pastSize - 1, gesture: undefined });
    }
    default:
      break;
  }
  if (isReviewAction(action)) {
    if (reviewStep === undefined) throw new Error('[studio-editor] import model/review.ts first');
    return reviewStep(state, action);
  }
  if (isServiceAction(action)) {
    const project = applyServiceAction(state.project, action);
    if (project === state.project) return state;
    return withProject(state, project, mapHistory(history, (doc) => applyServiceAction(doc, action)));
  }
  const rules = rulesFor(state);
  const made = projectReducer(state.project, action);
  const project = rules === undefined ? made : rules.keepLocked(state.project, made, action);
  if (project === state.project) return state;
  if (rules !== undefined) {
    const lock = action.type === 'lock/set' ? rules.describeLock(state.project, action.target) : rules.brokenLock(state.project, project);
    if (lock !== undefined) return refused(state, action, lock);
  }
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
  return { project, clean: project, dirty: false, history: emptyHistory(limit), role: 'creator', refusal: undefined };
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
