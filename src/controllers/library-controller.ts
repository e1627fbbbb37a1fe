import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServiceClient } from '../api/client.js';
import { StudioError } from '../errors.js';
import { reportError } from '../events/report-error.js';

type Host = ReactiveControllerHost & HTMLElement & { client: ServiceClient | undefined };

/** The host's licence over a library: only the items whose id is listed are offered (`vocal.voices`, `music.tracks`). */
export interface LibraryLimit<T> {
  /** The config key that lists the ids, named in the report of an unknown one. */
  readonly key: 'vocal.voices' | 'music.tracks';
  /** The licensed ids, read at each update (the config changes live); undefined: every item. */
  readonly ids: () => readonly string[] | undefined;
  readonly idOf: (item: T) => string;
}

/** Unknown licensed ids already reported, per client (one session): each is reported once, by whichever panel loads first. */
const reported = new WeakMap<ServiceClient, Set<string>>();

/**
 * Loads a library from the service (voices, music) for an element that consumes the client: once the
 * element is shown (not `hidden`) and has a client, once per client. Keeps the last value, or the error
 * with `retry()`. The element re-renders on each change. With a `limit`, `value` holds only the licensed
 * items, and a licensed id the library does not have is reported once (`studio-error`, code `config`,
 * recoverable): the other ids still work.
 */
export class LibraryController<T> implements ReactiveController {
  readonly #host: Host;
  readonly #load: (client: ServiceClient) => Promise<readonly T[]>;
  readonly #limit: LibraryLimit<T> | undefined;
  #for: ServiceClient | undefined;
  #all: readonly T[] | undefined;
  #shown: { all: readonly T[]; ids: readonly string[] | undefined; value: T[] } | undefined;
  error: Error | undefined;
  loading = false;

  constructor(host: Host, load: (client: ServiceClient) => Promise<readonly T[]>, limit?: LibraryLimit<T>) {
    this.#host = host;
    this.#load = load;
    this.#limit = limit;
    host.addController(this);
  }

  /** The library as loaded, less what the host did not license; undefined before it loads. */
  get value(): T[] | undefined {
    const all = this.#all;
    if (all === undefined) return undefined;
    const ids = this.#limit?.ids();
    if (this.#shown?.all !== all || this.#shown.ids !== ids) {
      const allowed = ids === undefined ? undefined : new Set(ids);
      this.#shown = { all, ids, value: allowed === undefined ? [...all] : all.filter((item) => allowed.has(this.#limit!.idOf(item))) };
    }
    return this.#shown.value;
  }

  hostUpdate(): void {
    const client = this.#host.client;
    if (client !== undefined && this.#for === client) this.#reportUnknown(client);
    if (client === undefined || this.#host.hidden || this.#for === client) return;
    this.#for = client;
    void this.#fetch(client);
  }

  /** Loads again after a failure. */
  retry(): void {
    const client = this.#host.client;
    if (client !== undefined) void this.#fetch(client);
  }

  async #fetch(client: ServiceClient): Promise<void> {
    this.loading = true;
    this.error = undefined;
    this.#host.requestUpdate();
    try {
      const value = await this.#load(client);
      if (this.#for !== client) return;
      this.#all = value;
      this.#reportUnknown(client);
    } catch (error) {
      if (this.#for !== client || (error as Error).name === 'AbortError') return;
      this.error = error as Error;
      reportError(this.#host, error);
    } finally {
      if (this.#for === client) {
        this.loading = false;
        this.#host.requestUpdate();
      }
    }
  }

  /** Reports each licensed id the loaded library lacks, once per client. */
  #reportUnknown(client: ServiceClient): void {
    const limit = this.#limit;
    const ids = limit?.ids();
    if (limit === undefined || ids === undefined || this.#all === undefined) return;
    const known = new Set(this.#all.map(limit.idOf));
    let done = reported.get(client);
    if (done === undefined) reported.set(client, (done = new Set()));
    for (const id of ids) {
      const key = `${limit.key}\u0000${id}`;
      if (known.has(id) || done.has(key)) continue;
      done.add(key);
      const what = limit.key === 'vocal.voices' ? 'voice' : 'music';
      reportError(this.#host, new StudioError('config', `config.${limit.key}: "${id}" is not in the service's ${what} library, so it is not offered; the other ids still work. Check the id, or remove it.`, { recoverable: true }));
    }
  }
}
