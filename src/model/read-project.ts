// Reading a project document of any known schema version: migrated step by step, then checked whole. The
// migrations and the checks (./migrate.ts, ./validate.ts) are a chunk of their own, which no editor needs to
// paint (a new project is made, not read): it is loaded when a document arrives (a draft stored in the
// browser, `loadProject`, a project file), and by the editor once ready.
import { loadOnce } from '../internal/load-once.js';
import type { ProjectDocument } from './document.js';
import type * as Migrate from './migrate.js';

let loaded: typeof Migrate | undefined;

/** Brings the migrations and the checks of documents (once; a failed load is tried again by the next call). */
export const loadProjectChecks = loadOnce((_: void) => import('./migrate.js').then((module) => (loaded = module)));

/** `readProject` of ./migrate.ts, at once when its chunk is here; undefined before (see `loadProjectChecks`). */
export const readProjectNow = (): typeof Migrate.readProject | undefined => loaded?.readProject;

/**
 * Reads a project document of any known schema version: migrates it to the current one, then checks it
 * whole. Resolves to a deep copy; rejects with a `StudioProjectError` listing each problem by path (`root`
 * names the value in messages), for a newer editor's document too. Asynchronous because its checks load with
 * the first document (see above).
 */
export async function readProject(value: unknown, root = 'project'): Promise<ProjectDocument> {
  const { readProject: read } = await loadProjectChecks();
  return read(value, root);
}
