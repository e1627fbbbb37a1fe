import { createContext } from '@lit/context';

import type { ServiceClient } from '../api/client.js';
import type { Translate } from '../i18n/translate.js';
import type { MixPreviewSource } from '../audio/preview-state.js';
import type { EditorStore } from '../model/editor-state.js';

// The editor's contexts, at the controllers' floor: above what they carry (api, i18n, audio, model), below
// the controllers and elements that provide and consume them.
// Keys from the global symbol registry: the timeline, loaded as a file of its own by the self-contained
// builds, carries its own copy of this module and must still find the editor's providers.

/** The editor's one store, provided by `<studio-editor>` to every panel inside it. */
export const storeContext = createContext<EditorStore>(Symbol.for('service-studio-editor.store'));

/** The translator of the editor's language and the host's string overrides. */
export const translateContext = createContext<Translate>(Symbol.for('service-studio-editor.translate'));

/** The service client with the editor's auth; undefined before the editor starts. */
export const clientContext = createContext<ServiceClient | undefined>(Symbol.for('service-studio-editor.client'));

/** The editor's mix preview: its state and loudness, the transport, waveform peaks and export. */
export const previewContext = createContext<MixPreviewSource | undefined>(Symbol.for('service-studio-editor.preview'));
