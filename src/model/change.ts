import type { EditorAction } from './actions.js';
import { isServiceAction } from './actions.js';
import { canRedo, canUndo, type EditorState } from './editor-state.js';

/** What `studio-change` reports about an action that changed the document, or `undefined` when the document did not change. */
export function describeChange(
  state: EditorState,
  action: EditorAction,
): { action: string; source: 'edit' | 'undo' | 'redo' | 'service' | 'load' | 'init'; dirty: boolean; canUndo: boolean; canRedo: boolean } | undefined {
  let source: 'edit' | 'undo' | 'redo' | 'service' | 'load' | 'init';
  // A refused action changed nothing of the document (the refusal is the store's, see `EditorState.refusal`).
  if (state.refusal?.action === action) return undefined;
  switch (action.type) {
    case 'persist/saved':
    case 'session/role':
    case 'history/end-gesture':
      return undefined;
    case 'history/undo':
    case 'history/cancel-gesture':
      source = 'undo';
      break;
    case 'history/redo':
      source = 'redo';
      break;
    case 'project/load':
      source = 'load';
      break;
    case 'project/init':
      source = 'init';
      break;
    default:
      source = isServiceAction(action) ? 'service' : 'edit';
  }
  return { action: action.type, source, dirty: state.dirty, canUndo: canUndo(state), canRedo: canRedo(state) };
}
