// The campaign fields of a project: what each may hold, and the words for what is wrong with one.
// The Deliver panel shows these as field errors; the model refuses the same values with a StudioProjectError.

import { adIdProblem, isciProblem, normaliseCode, type CodeProblemCode } from './codes.js';
import type { CampaignFields } from './types.js';

/** The campaign fields, in the order the panel shows them. */
export const CAMPAIGN_FIELDS = ['advertiser', 'campaign', 'adId', 'isci', 'versionLabel'] as const satisfies readonly (keyof CampaignFields)[];

/** One campaign field. */
export type CampaignField = (typeof CAMPAIGN_FIELDS)[number];

/** Campaign fields of a new project: all empty. */
export const EMPTY_CAMPAIGN: CampaignFields = Object.freeze({ advertiser: '', campaign: '', adId: '', isci: '', versionLabel: '' });

/** The most characters of the free-text campaign fields. */
export const CAMPAIGN_TEXT_LIMITS = { advertiser: 120, campaign: 120, versionLabel: 60 } as const;

/** Why a campaign field's value is refused; the UI translates by `code`, `message` is the English words. */
export interface CampaignProblem {
  readonly code: CodeProblemCode | 'campaign-not-text' | 'campaign-too-long';
  readonly message: string;
}

const isCode = (field: CampaignField): field is 'adId' | 'isci' => field === 'adId' || field === 'isci';

/** A value as the project stores it: codes trimmed and upper-cased (`normaliseCode`), other text as typed. */
export function normaliseCampaignField(field: CampaignField, value: string): string {
  return isCode(field) ? normaliseCode(value) : value;
}

/** The problem with `value` for `field` (as typed; codes are normalised first), or `null`. */
export function campaignFieldProblem(field: CampaignField, value: unknown): CampaignProblem | null {
  if (typeof value !== 'string') return { code: 'campaign-not-text', message: `The ${field} field holds text.` };
  if (field === 'adId') return adIdProblem(value);
  if (field === 'isci') return isciProblem(value);
  const max = CAMPAIGN_TEXT_LIMITS[field];
  return value.length > max ? { code: 'campaign-too-long', message: `The ${field} field holds at most ${max} characters; this one has ${value.length}.` } : null;
}
