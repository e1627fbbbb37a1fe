import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ServiceClient } from '../api/client.js';
import type { PriceList } from '../api/contract.js';
import type { PaidCall, priceOf } from '../script/price.js';

type Host = ReactiveControllerHost & HTMLElement & { client: ServiceClient | undefined };

/**
 * The service's price list (an assumed endpoint, see `PriceList` in contract.ts), read once per client, and the
 * one estimator (script/price.ts), loaded with it (a price is said once the list is read, so the estimator is no
 * part of the first paint): for elements that say what an action costs before it runs. Without a price list
 * nothing is said.
 */
export class PriceController implements ReactiveController {
  readonly #host: Host;
  #for: ServiceClient | undefined;
  #list: PriceList | undefined;
  #priceOf: typeof priceOf | undefined;

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
      // The estimator comes with the first list read, once per page: the first paint has no use for it.
      if (this.#priceOf === undefined) {
        void import('../script/price.js').then(({ priceOf }) => {
          this.#priceOf = priceOf;
          this.#host.requestUpdate();
        });
      }
    });
  }

  /** The price of the dearest of `ways` (`priceOf`); undefined until the list is read, or when a call has no price. */
  price(...ways: readonly (readonly PaidCall[])[]): number | undefined {
    return this.#priceOf?.(this.#list, ...ways);
  }

  /** The service's price list; undefined until read, or when the service states none. */
  get list(): PriceList | undefined {
    return this.#list;
  }
}
