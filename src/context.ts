import { createContext } from '@lit/context';
import type { ServiceClient } from './api/client.js';
import type { Translate } from './i18n/translate.js';
import type { MixPreviewSource } from './audio/preview-state.js';
import type { EditorStore } from './model/editor-state.js';

/** The editor's one store, provided by `<studio-editor>` to every panel inside it. */
export const storeContext = createContext<EditorStore>(Symbol('studio-store'));

/** The translator of the editor's language and the host's string overrides. */
export const translateContext = createContext<Translate>(Symbol('studio-translate'));

/** The service client with the editor's auth; undefined before the editor starts. */
export const clientContext = createContext<ServiceClient | undefined>(Symbol('studio-client'));

/** The editor's mix preview: its state and loudness, the transport, waveform peaks and export. */
export const previewContext = createContext<MixPreviewSource | undefined>(Symbol('studio-preview'));
