// The judge's pace findings (src/rules/pace.ts) in the reader's language: the Script panel and the version chip
// say the same words of the same read. Pure: a translator in, text out.
import type { Finding } from '../../rules/finding.js';
import type { Translate } from '../../i18n/translate.js';
import '../../i18n/later-words.js';

/** `3.4 words a second: Amazon audio ads advise at most 3 words per second.` (or a sheet's limit), for a words-a-second finding. */
export function paceFindingText(t: Translate, finding: Finding): string {
  const limit = finding.limit?.value ?? 0;
  const max = t.number(limit, Number.isInteger(limit) ? 0 : 1);
  const wps = t.number(finding.measured, 1);
  return finding.limit?.sheet === undefined ? t('length.paceWarning', { wps, max }) : t('length.paceLimit', { wps, max, destination: finding.limit.sheet });
}

/** `Read at 1.16x: a read faster than 1.10x can sound rushed.`, for a fast-read finding. */
export const fastFindingText = (t: Translate, finding: Finding): string => t('length.fastWarning', { speed: t.number(finding.measured, 2), max: t.number(finding.limit?.value ?? 0, 2) });
