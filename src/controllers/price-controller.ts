import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServiceClient } from '../api/client.js';
import type { PriceList } from '../api/contract.js';

type Host = ReactiveControllerHost & HTMLElement & { client: ServiceClient | undefined };

/**
 * The service's price list (an assumed endpoint, see `PriceList` in contract.ts), read once per client,
 * for elements that say what an action costs before it runs (they ask the one price, session/price.ts, with it).
 * Without a price list nothing is said.
 */
export class PriceController implements ReactiveController {
  readonly #host: Host;
  #for: ServiceClient | undefined;
  #list: PriceList | undefined;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdate(): void {
    const client = this.#host.client;
    if (client === undefined || client === this.#for) return;
    this.#for = client;
    this.#list = undefined;
    void client.pricing().then((list) => {
      if (this.#for !== client || list === undefined) return;
      this.#list = list;
      this.#host.requestUpdate();
    });
  }

  /** The service's price list; undefined until read, or when the service states none. */
  get list(): PriceList | undefined {
    return this.#list;
  }
}
