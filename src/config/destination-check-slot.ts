// Where the checks of `config.delivery.destinations` register when their chunk (./destinations.ts) runs, and
// where `readDelivery` (./delivery.ts) finds them: a slot of its own, so the chunk and its reader import it
// and not each other.

import type { DestinationProfile } from '../delivery/types.js';
import type { Check } from './checks.js';

let hostDestinations: Check<DestinationProfile[]> | undefined;

/** Called by ./destinations.ts when it runs: from then on `resolveConfig` checks host destinations at once. */
export function useDestinationChecks(check: Check<DestinationProfile[]>): void {
  hostDestinations = check;
}

/** The checks of host destinations, once ./destinations.ts has run; undefined until then. */
export const destinationChecks = (): Check<DestinationProfile[]> | undefined => hostDestinations;
