import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServiceClient } from '../api/client.js';
import { reportError } from '../events/report-error.js';

type Host = ReactiveControllerHost & HTMLElement & { client: ServiceClient | undefined };

/**
 * Loads a library from the service (voices, music) for an element that consumes the client: once the
 * element is shown (not `hidden`) and has a client, once per client. Keeps the last value, or the error
 * with `retry()`. The element re-renders on each change.
 */
export class LibraryController<T> implements ReactiveController {
  readonly #host: Host;
  readonly #load: (client: ServiceClient) => Promise<T>;
  #for: ServiceClient | undefined;
  value: T | undefined;
  error: Error | undefined;
  loading = false;

  constructor(host: Host, load: (client: ServiceClient) => Promise<T>) {
    this.#host = host;
    this.#load = load;
    host.addController(this);
  }

  hostUpdate(): void {
    const client = this.#host.client;
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
      this.value = value;
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
}
