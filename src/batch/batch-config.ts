/// <reference types="node" />
// A batch's config file (`--config adapters.mjs`): an ES module whose default export is
// `{ api?: { operations?, paths? }, destinations?: [...], vast?: {...} }` — the editor's `config.api` adapters and
// paths, destinations beyond the built-in ones, as `config.delivery.destinations` takes them, and the VAST
// destinations' settings (./vast-settings.ts). Adapters are functions, which cannot be sent to a worker thread:
// each worker imports the file itself.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HostDestinationProfile } from '../config/types.js';
import { StudioConfigError } from '../errors.js';
import type { RowRendererOptions } from './render-row.js';
import type { BatchService } from './service.js';
import { readBatchVast, type BatchVast } from './vast-settings.js';

/** What a batch's config file gives. */
export interface BatchConfigFile {
  /** `config.api`'s `operations` (adapters) and `paths`, validated as the editor validates them. */
  readonly api?: { readonly operations?: unknown; readonly paths?: Readonly<Record<string, string>> };
  /** Destinations beyond the built-in ones (`config.delivery.destinations`). */
  readonly destinations?: readonly HostDestinationProfile[];
  /** The VAST destinations' media base URL, impression URLs, ad system and error URL; the flags win over it. */
  readonly vast?: BatchVast;
}

/** The keys a batch config's default export may have. */
const CONFIG_KEYS: readonly string[] = ['api', 'destinations', 'vast'];

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
    throw new StudioConfigError([{ path: file, message: 'export default { api: { operations, paths }, destinations: [...], vast: { mediaBaseUrl, impressionUrls } } (each part optional)' }]);
  }
  const unknown = Object.keys(loaded).filter((key) => !CONFIG_KEYS.includes(key));
  if (unknown.length > 0) throw new StudioConfigError(unknown.map((key) => ({ path: `${file}: ${key}`, message: 'not a key of a batch config: it takes api, destinations and vast' })));
  const config = loaded as BatchConfigFile;
  if (!('vast' in config)) return config;
  return { ...config, vast: readBatchVast(config.vast, `${file}: vast`) };
}

/** The service (the config's adapters and paths laid over `service`), extra destinations and VAST settings a row renderer takes from `config`. */
export function rendererConfig(service: Pick<BatchService, 'baseUrl' | 'apiKey'>, config: BatchConfigFile): Pick<RowRendererOptions, 'service' | 'destinations' | 'vast'> {
  return {
    service: { ...service, ...(config.api?.operations === undefined ? {} : { operations: config.api.operations }), ...(config.api?.paths === undefined ? {} : { paths: config.api.paths }) },
    ...(config.destinations === undefined ? {} : { destinations: config.destinations }),
    ...(config.vast === undefined ? {} : { vast: config.vast }),
  };
}
