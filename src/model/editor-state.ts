import type { ResolvedConfig } from '../config/types.js';
import { createStore, type Store } from './store.js';

/** What the editor shows and edits. Grows with the project document (title, duration, ...). */
export interface EditorState {
  readonly project: {
    readonly id: string | undefined;
    readonly title: string;
    /** Target duration of the ad, in seconds. */
    readonly duration: number;
  };
}

export type EditorAction =
  | { type: 'project/init'; project: EditorState['project'] }
  | { type: 'project/rename'; title: string }
  | { type: 'project/set-duration'; duration: number };

export type EditorStore = Store<EditorState, EditorAction>;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'project/init':
      return { ...state, project: action.project };
    case 'project/rename':
      return action.title === state.project.title ? state : { ...state, project: { ...state.project, title: action.title } };
    case 'project/set-duration':
      return action.duration === state.project.duration ? state : { ...state, project: { ...state.project, duration: action.duration } };
  }
}

export const initialEditorState: EditorState = { project: { id: undefined, title: '', duration: 30 } };

export function createEditorStore(): EditorStore {
  return createStore(editorReducer, initialEditorState);
}

/** The action that starts an editor from its resolved config. */
export const initFromConfig = (config: ResolvedConfig): EditorAction => ({
  type: 'project/init',
  project: { id: config.project.id, title: config.project.title, duration: config.project.duration },
});
