// The script-tag build (dist/studio-editor.iife.js) is this loader and nothing more: the editor is
// dist/studio-editor.bundled.js beside it, whose chunks (one Lit, the panels, the timeline, the encoder)
// are fetched from beside it when first needed. Loading starts at once, so a <studio-editor> tag in the
// page upgrades without create().
import type { EndpointAuth, EndpointAuthOptions, endpointAuth } from './auth/endpoint-auth.js';
import type { create } from './create.js';
import type * as Editor from './index.js';
import { StudioConfigError, StudioError } from './errors.js';
import { VERSION } from './version.js';

/** The global of the script-tag build: `window.ServiceStudioEditor.create(config)`. */
export interface ServiceStudioEditorGlobal {
  readonly create: typeof create;
  readonly endpointAuth: typeof endpointAuth;
  readonly version: string;
  /** `instanceof` holds for errors of the editor's modules too (see `StudioError.kind`). */
  readonly StudioError: typeof StudioError;
  readonly StudioConfigError: typeof StudioConfigError;
}

declare global {
  interface Window {
    ServiceStudioEditor?: ServiceStudioEditorGlobal;
  }
}

const url = new URL('./studio-editor.bundled.js', import.meta.url).href;
const editor: Promise<typeof Editor> = import(url);
editor.catch((error: unknown) => {
  console.error(`service-studio-editor: ${url} could not be loaded (${String(error)}); serve every file of dist/ beside studio-editor.iife.js.`);
});
// Nothing else is fetched ahead: the autosave's module comes before ready only for a project with work stored
// in this browser (the editor knows once it read the draft), and once ready otherwise.
// While those files are on their way, in a task of its own: the page's first Intl formatter, which loads
// the ICU data every locale needs (10 to 35 ms here, whatever the locale); create() makes the locale's own
// in well under a millisecond then. And the page's first read of localStorage, which waits for the origin's
// whole storage from the browser (4 to 10 ms here): the editor reads it as it starts (the room, the project
// remembered, the autosave's journal), in no time then. Nothing is written.
setTimeout(() => {
  new Intl.NumberFormat().format(0);
  try {
    void globalThis.localStorage?.length;
  } catch {
    // Storage refused: the editor finds it so too.
  }
}, 0);

/**
 * The callbacks made by the loader's `endpointAuth`, each with the editor's own pair it waits for. The
 * loader keeps no copy of `endpointAuth` (nor of `auth/own-errors.ts`): an error made by a second copy would
 * not be one the editor's auth knows as its own, and its message (the status and media type the endpoint
 * answered) would be lost.
 */
const madeByLoader = new WeakMap<object, Promise<EndpointAuth>>();

/** `endpointAuth` of the editor's modules, once they are here; its URL checks run then (see `create`). */
const loaderEndpointAuth = (options: EndpointAuthOptions): EndpointAuth => {
  const made = editor.then((module) => module.endpointAuth(options));
  made.catch(() => undefined); // Said by create(), or by the callback that waits for it.
  const auth: EndpointAuth = {
    getToken: (userId) => made.then((own) => own.getToken(userId)),
    refreshToken: (expiredToken) => made.then((own) => own.refreshToken(expiredToken)),
  };
  madeByLoader.set(auth.getToken, made);
  madeByLoader.set(auth.refreshToken, made);
  return auth;
};

/** The loader's pair that `config.auth` holds, if any. A config whose reading throws is create()'s to report. */
function loaderAuthIn(config: unknown): Promise<EndpointAuth> | undefined {
  try {
    const auth: unknown = (config as { auth?: unknown } | null | undefined)?.auth;
    const getToken: unknown = typeof auth === 'object' && auth !== null ? (auth as { getToken?: unknown }).getToken : undefined;
    return typeof getToken === 'function' ? madeByLoader.get(getToken) : undefined;
  } catch {
    return undefined;
  }
}

const api: ServiceStudioEditorGlobal = Object.freeze<ServiceStudioEditorGlobal>({
  create: async (config) => {
    let module: typeof Editor;
    try {
      module = await editor;
    } catch (error) {
      throw new StudioError('editor-load', `The editor could not be loaded from ${url} (${String(error)}): serve every file of dist/ beside studio-editor.iife.js.`, {
        recoverable: true,
        cause: error,
      });
    }
    // endpointAuth's missing or empty URL: create() rejects with its StudioConfigError, as the module's
    // endpointAuth throws it when called from an ES module.
    await loaderAuthIn(config);
    return module.create(config);
  },
  endpointAuth: loaderEndpointAuth,
  version: VERSION,
  StudioError,
  StudioConfigError,
});

// A second copy of the script keeps the first global. From the same place it loads nothing again (the
// modules are the browser's, once per URL); another version keeps the first element definition and warns.
window.ServiceStudioEditor ??= api;
