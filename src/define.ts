export { StudioEditor } from './components/studio-editor/studio-editor.js';
