// A review decision in words: its label, and why it is "Unverified" where the host gives review.publicKeys
// (issue 54). Read by the Review step (each decision) and the Deliver panel (its refusal).
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';
import { printable } from '../../internal/printable.js';
import type { ReviewDecision } from '../../model/document.js';
import type { UnverifiedReason } from '../../review/verify-decisions.js';
import '../../i18n/later-words.js';

/** The words of each label. */
export const LABEL_KEYS: Record<ReviewDecision['label'], StringKey> = {
  approved: 'review.label.approved',
  'approved-with-changes': 'review.label.approvedWithChanges',
  'changes-required': 'review.label.changesRequired',
};

const REASON_KEYS: Record<UnverifiedReason, StringKey> = {
  unsigned: 'review.reason.unsigned',
  malformed: 'review.reason.malformed',
  'unknown-key': 'review.reason.unknownKey',
  'bad-signature': 'review.reason.badSignature',
  'other-project': 'review.reason.otherProject',
  'other-version': 'review.reason.otherVersion',
  altered: 'review.reason.altered',
  'chain-broken': 'review.reason.chainBroken',
  'chain-elsewhere': 'review.reason.chainElsewhere',
};

/** "Unverified: <why>", the value it names (a key id, a project, a field, from the document) quoted escaped. */
export const unverifiedWords = (t: Translate, reason: UnverifiedReason, value: string | undefined): string =>
  t('review.unverified', { reason: t(REASON_KEYS[reason], { value: `“${printable(value ?? '')}”` }) });
