// The one price: what an action costs, in credits, from the service's price list and the calls the action will
// make. Every view that says a price asks here; the action's own module says which calls it makes (the feed's
// takes: feed-price.ts). Pure: no DOM, no network.
import { estimateCredits, type PriceList } from '../api/contract.js';
import { countSpokenWords } from './estimate.js';

/** One paid call an action makes, with what its price reads: a voice-over is priced by the words of its text. */
export type PaidCall =
  | { readonly operation: 'recommendUrl' | 'recommendProduct'; readonly recommendations: number }
  | { readonly operation: 'generate'; readonly sections: number }
  | { readonly operation: 'format' | 'mix' }
  | { readonly operation: 'voiceover'; readonly text: string };

/** A voice-over of each of `texts`. */
export const voiceCalls = (texts: readonly string[]): PaidCall[] => texts.map((text) => ({ operation: 'voiceover', text }));

/**
 * The most an action costs, in credits: the dearest of the ways it may go (`ways`, each the calls it makes;
 * "Make the ad" may generate or voice each section). `undefined` when the service states no price for a call
 * one of them makes: nothing is said rather than a wrong number. An action that makes no call costs 0.
 */
export function priceOf(list: PriceList | undefined, ...ways: readonly (readonly PaidCall[])[]): number | undefined {
  let most = 0;
  for (const calls of ways) {
    let sum = 0;
    for (const call of calls) {
      const rule = list?.operations[call.operation];
      if (rule === undefined) return undefined;
      sum += estimateCredits(rule, { words: 'text' in call ? countSpokenWords(call.text) : 0, ...call });
    }
    most = Math.max(most, sum);
  }
  return most;
}
