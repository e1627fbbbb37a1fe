import { endpointAuth } from './auth/endpoint-auth.js';
import { create } from './create.js';
import { StudioConfigError, StudioError } from './errors.js';
import { VERSION } from './version.js';

/** The global of the script-tag build: `window.ServiceStudioEditor.create(config)`. */
export interface ServiceStudioEditorGlobal {
  readonly create: typeof create;
  readonly endpointAuth: typeof endpointAuth;
  readonly version: string;
  readonly StudioError: typeof StudioError;
  readonly StudioConfigError: typeof StudioConfigError;
}

declare global {
  interface Window {
    ServiceStudioEditor?: ServiceStudioEditorGlobal;
  }
}

const api: ServiceStudioEditorGlobal = Object.freeze({ create, endpointAuth, version: VERSION, StudioError, StudioConfigError });

// A second copy of the script (another tag, another version) keeps the first global, as it keeps the
// first element definition; the element's definition already warned about the double load.
window.ServiceStudioEditor ??= api;
