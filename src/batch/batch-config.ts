/// <reference types="node" />
// A batch's config file (`--config adapters.mjs`): an ES module whose default export is
// `{ api?: { operations?, paths? }, destinations?: [...], vast?: {...} }` — the editor's `config.api` adapters and
// paths, destinations beyond the built-in ones, as `config.delivery.destinations` takes them, and the VAST
// destinations' settings (./vast-settings.ts). An adapters file as `studio-contract-check --config` takes it
// (`{ operations, paths }`) is read as its `api`. Adapters are functions, which cannot be sent to a worker thread:
// each worker imports the file itself.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HostDestinationProfile } from '../config/types.js';
import { StudioConfigError } from '../errors.js';
import type { RowRendererOptions } from './render-row.js';
import { API_CONFIG_KEYS } from '../config/validate.js';
import { batchConfig, type BatchService } from './service.js';
import { readBatchVast, type BatchVast } from './vast-settings.js';

/** What a batch's config file gives. */
export interface BatchConfigFile {
  /** `config.api` but its `baseUrl` (`--base-url`): `operations` (adapters), `paths`, `timeoutMs`…, validated as the editor validates them. */
  readonly api?: Omit<BatchService, 'baseUrl' | 'apiKey'>;
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
  const config = apiOfAdaptersFile(loaded, file);
  const unknown = Object.keys(config).filter((key) => !CONFIG_KEYS.includes(key));
  if (unknown.length > 0) throw new StudioConfigError(unknown.map((key) => ({ path: `${file}: ${key}`, message: 'not a key of a batch config: it takes api, destinations and vast' })));
  const checked = config as BatchConfigFile;
  // Checked as the editor checks config.api now, so that a worker refuses it before it takes a job.
  batchConfig({ ...checked.api, baseUrl: 'https://service.invalid', apiKey: '' }, checked.destinations);
  if (!('vast' in checked)) return checked;
  return { ...checked, vast: readBatchVast(checked.vast, `${file}: vast`) };
}

/** The service (`service` with the config's `api` settings: adapters, paths, timeouts…), extra destinations and VAST settings a row renderer takes from `config`. */
export function rendererConfig(service: Pick<BatchService, 'baseUrl' | 'apiKey'>, config: BatchConfigFile): Pick<RowRendererOptions, 'service' | 'destinations' | 'vast'> {
  return {
    service: { ...config.api, ...service },
    ...(config.destinations === undefined ? {} : { destinations: config.destinations }),
    ...(config.vast === undefined ? {} : { vast: config.vast }),
  };
}


/**
 * `loaded` with `config.api`'s keys given at its top level moved under `api`: a host writes its adapters once
 * (`export default { operations }`, docs/contract.md) and gives that file to the contract check, to a batch, and
 * spread into the editor's `config.api`. Refuses the two forms in one file, and an `api.baseUrl` (`--base-url`
 * gives the address: one in the file would be silently overridden).
 */
function apiOfAdaptersFile(loaded: object, file: string): object {
  const given = loaded as Record<string, unknown>;
  const top = Object.keys(given).filter((key) => API_CONFIG_KEYS.includes(key));
  if (top.length > 0 && 'api' in given) {
    throw new StudioConfigError(top.map((key) => ({ path: `${file}: ${key}`, message: 'give it inside api, or give config.api\'s keys alone (export default { operations, paths }) as studio-contract-check takes them' })));
  }
  const config = top.length === 0 ? given : { ...Object.fromEntries(Object.entries(given).filter(([key]) => !API_CONFIG_KEYS.includes(key))), api: Object.fromEntries(top.map((key) => [key, given[key]])) };
  if (typeof config['api'] === 'object' && config['api'] !== null && 'baseUrl' in config['api']) {
    throw new StudioConfigError([{ path: `${file}: api.baseUrl`, message: 'a batch takes the service\'s address from --base-url: remove baseUrl from the file' }]);
  }
  return config;
}
