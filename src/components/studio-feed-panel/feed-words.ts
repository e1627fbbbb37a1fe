// The Feed step's figures in words: the summary of a check, a row's length, a problem's lead, a price. Pure: a
// translator in, text out (no element, no store).
import type { FeedProblem, FeedRowCheck } from '../../rules/row.js';
import type { Translate } from '../../i18n/translate.js';
import { RULES } from '../../rules/catalog.js';
import type { FeedTally } from './feed-check-task.js';
import '../../i18n/later-words.js';
import { printable } from '../../internal/printable.js';
import { saidWords } from '../shared/reason-words.js';

/** `6 rows: 3 ready, 1 with warnings, 2 with problems` (the parts of none left out, but always the ready ones). */
export function summaryText(t: Translate, tally: FeedTally): string {
  const rows = tally.ok + tally.warning + tally.problem;
  const parts = [t.plural('feed.ready', tally.ok)];
  if (tally.warning > 0) parts.push(t.plural('feed.withWarnings', tally.warning));
  if (tally.problem > 0) parts.push(t.plural('feed.withProblems', tally.problem));
  return t('feed.summary', { rows: t.plural('feed.rows', rows), parts: parts.join(', ') });
}

/** A row's estimated length: `31.2 s, needs 1.08x` when it must be read faster than the voice's speed to fit. */
export function lengthText(t: Translate, length: FeedRowCheck['length'], voiceSpeed: number): string {
  if (length === null) return t('feed.notEstimated');
  const seconds = t.number(length.seconds, 1);
  return Math.round(length.speed * 100) > Math.round(voiceSpeed * 100) ? t('feed.needs', { seconds, speed: t.number(length.speed, 2) }) : t('feed.seconds', { seconds });
}

/** What a problem is about, and its column: `Missing value, column price`. */
export function problemLead(t: Translate, problem: FeedProblem): string {
  const kind = t(RULES[problem.rule].words);
  return problem.column === null ? kind : `${kind}, ${t('feed.inColumn', { column: problem.column })}`;
}

/** A problem in the reader's words: the words the check gave it (a key's, a value's, a finding's), else its message. */
export const problemText = (t: Translate, problem: FeedProblem): string => saidWords(t, problem.said, problem.message);

/**
 * A row's key as shown: its control and bidirectional characters written out (`GL-7\u0007`), as the check's
 * words quote them, so that none is drawn as a blank box or reorders the text around it. Still text.
 */
export const shownKey = printable;

/** The status of a row: its icon (for the eye only) and its word. */
export function statusWords(t: Translate, status: FeedRowCheck['status']): { icon: string; word: string } {
  return { icon: status === 'ok' ? '✓' : status === 'warning' ? '⚠' : '✗', word: t(`feed.status.${status}`) };
}
