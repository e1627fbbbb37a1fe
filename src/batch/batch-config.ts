/// <reference types="node" />
// A batch's config file (`--config adapters.mjs`): an ES module whose default export is
// `{ api?: { operations?, paths? }, destinations?: [...] }` — the editor's `config.api` adapters and paths, and
// destinations beyond the built-in ones, as `config.delivery.destinations` takes them. Adapters are functions,
// which cannot be sent to a worker thread: each worker imports the file itself.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HostDestinationProfile } from '../config/types.js';
import { StudioConfigError } from '../errors.js';
import type { RowRendererOptions } from './render-row.js';
import type { BatchService } from './service.js';

/** What a batch's config file gives. */
export interface BatchConfigFile {
  /** `config.api`'s `operations` (adapters) and `paths`, validated as the editor validates them. */
  readonly api?: { readonly operations?: unknown; readonly paths?: Readonly<Record<string, string>> };
  /** Destinations beyond the built-in ones (`config.delivery.destinations`). */
  readonly destinations?: readonly HostDestinationProfile[];
}

/** The default export of the config file at `file` (a path), or nothing without one. */
export async function loadBatchConfig(file: string | undefined): Promise<BatchConfigFile> {
  if (file === undefined) return {};
  let loaded: unknown;
  try {
    loaded = ((await import(pathToFileURL(resolve(file)).href)) as { default?: unknown }).default;
  } catch (error) {
    throw new StudioConfigError([{ path: file, message: `could not be imported: ${(error as Error).message}` }]);
  }
  if (typeof loaded !== 'object' || loaded === null || Array.isArray(loaded)) {
    throw new StudioConfigError([{ path: file, message: 'export default { api: { operations, paths }, destinations: [...] } (each part optional)' }]);
  }
  const unknown = Object.keys(loaded).filter((key) => key !== 'api' && key !== 'destinations');
  if (unknown.length > 0) throw new StudioConfigError(unknown.map((key) => ({ path: `${file}: ${key}`, message: 'not a key of a batch config: it takes api and destinations' })));
  return loaded as BatchConfigFile;
}

/** The service (the config's adapters and paths laid over `service`) and extra destinations a row renderer takes from `config`. */
export function rendererConfig(service: Pick<BatchService, 'baseUrl' | 'apiKey'>, config: BatchConfigFile): Pick<RowRendererOptions, 'service' | 'destinations'> {
  return {
    service: { ...service, ...(config.api?.operations === undefined ? {} : { operations: config.api.operations }), ...(config.api?.paths === undefined ? {} : { paths: config.api.paths }) },
    ...(config.destinations === undefined ? {} : { destinations: config.destinations }),
  };
}
