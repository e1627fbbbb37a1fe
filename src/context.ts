import { createContext } from '@lit/context';
import type { EditorStore } from './model/editor-state.js';

/** The editor's one store, provided by `<studio-editor>` to every panel inside it. */
export const storeContext = createContext<EditorStore>(Symbol('studio-store'));
