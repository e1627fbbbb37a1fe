// Creatives that share an Ad-ID, in the user's words: the Deliver panel's refusal before a delivery, and the Feed
// step's when a run is refused (`StudioAdIdError`). Pure: a translator in, text out (no element, no store).
import type { Creative, IdentityFinding } from '../../rules/identity.js';
import type { Translate } from '../../i18n/translate.js';
import { StudioAdIdError } from '../../session/creative-identity.js';
import '../../i18n/en-later.js';

/** A creative in words: `version “:15”`, `row “A-1”`, `row “A-1” of version “:15”`. */
function creativeText(t: Translate, creative: Creative): string {
  if (creative.kind === 'version') return t('deliver.creative.version', { name: creative.name });
  return creative.version === undefined ? t('deliver.creative.row', { name: creative.name }) : t('deliver.creative.rowOf', { name: creative.name, version: creative.version });
}

/** Each pair of creatives that share an Ad-ID, a sentence each (the first three, as `StudioAdIdError` says them). */
export function duplicateAdIdText(t: Translate, findings: readonly IdentityFinding[]): string {
  return findings
    .slice(0, 3)
    .map((finding) => {
      const [first, second] = finding.creatives;
      const text = t('deliver.adIdDuplicate', { first: first === undefined ? '' : creativeText(t, first), second: second === undefined ? '' : creativeText(t, second), adId: finding.adId ?? '' });
      return text.charAt(0).toUpperCase() + text.slice(1);
    })
    .join(' ');
}

/** The words of a refusal for creatives sharing an Ad-ID, or `undefined` for any other error. */
export const adIdRefusalText = (t: Translate, error: unknown): string | undefined => (error instanceof StudioAdIdError ? duplicateAdIdText(t, error.findings) : undefined);
