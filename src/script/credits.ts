// What a fit and voicing cost, in credits (the versions bar and the Script panel show it before a click).
import { estimateCredits, type PriceRule } from '../api/contract.js';
import { countSpokenWords } from './estimate.js';

/**
 * What one fit of the script (the service's `format`) and a voice-over of each of `sections` cost, in credits
 * (each take priced by its spoken words); `undefined` when the service states neither price.
 */
export function fitAndVoiceCredits(sections: readonly { readonly text: string }[], prices: { format?: PriceRule | undefined; voiceover?: PriceRule | undefined }): number | undefined {
  const { format, voiceover } = prices;
  if (format === undefined && voiceover === undefined) return undefined;
  const fit = format === undefined ? 0 : estimateCredits(format, {});
  return fit + (voiceover === undefined ? 0 : sections.reduce((sum, section) => sum + estimateCredits(voiceover, { words: countSpokenWords(section.text) }), 0));
}
