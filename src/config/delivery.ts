// `config.delivery`, read with the rest of the config. Its `destinations` are checked by ./destinations.ts, a
// chunk of its own (the Deliver panel needs none of it to paint): a config that gives destinations loads it
// (`loadDestinationChecks`; create() first, an element given its config directly and update() once it is
// here). Until then those destinations are kept unchecked and unused: the editor has the built-ins.

import { BUILTIN_DESTINATIONS, mergeDestinations } from '../delivery/destinations.js';
import { field, readObject, type IssueList } from './checks.js';
import { destinationChecks } from './destination-check-slot.js';
import type { ResolvedConfig } from './types.js';

let loading: Promise<unknown> | undefined;

/** Brings the checks of `config.delivery.destinations` (once; a failed load is tried again by the next call). */
export function loadDestinationChecks(): Promise<void> {
  loading ??= import('./destinations.js');
  loading.catch(() => (loading = undefined));
  return loading.then(() => undefined);
}

/** The `delivery` areas of resolved configs whose host destinations were given before their checks were here. */
const unchecked = new WeakSet<object>();

/** Reads `config.delivery`: the built-in destinations, each a host's of the same id replaces, then the host's others. */
export function readDelivery(value: unknown, issues: IssueList): ResolvedConfig['delivery'] {
  const path = 'config.delivery';
  const object = readObject(value, path, issues, ['destinations']);
  const hostDestinations = destinationChecks();
  if (object?.['destinations'] !== undefined && hostDestinations === undefined) {
    const delivery = { destinations: [...BUILTIN_DESTINATIONS] };
    unchecked.add(delivery);
    return delivery;
  }
  return { destinations: mergeDestinations(BUILTIN_DESTINATIONS, hostDestinations === undefined ? [] : field(object, 'destinations', path, issues, hostDestinations, [])) };
}

/** Whether `config` gave `delivery.destinations` before their checks were here (see `loadDestinationChecks`). */
export const destinationsUnchecked = (config: ResolvedConfig): boolean => unchecked.has(config.delivery);
