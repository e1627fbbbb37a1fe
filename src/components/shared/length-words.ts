// The spoken length in words, the same wherever it is shown (Script panel, idea card, version chip, status
// line): the figure of `spokenLength`, its pace, and the speed it was read at when sped up to fit.
import type { Translate } from '../../i18n/translate.js';
import { spedUp, type SpokenLength } from '../../script/spoken-length.js';

/** "Spoken: 28.7 s of 30 s", or "About 34.3 s of 30 s, estimated from the words" before any take. */
export function lengthText(t: Translate, length: SpokenLength): string {
  const params = { seconds: t.number(length.seconds, 1), target: t.number(length.target, length.target % 1 === 0 ? 0 : 1) };
  return t(length.estimate ? 'length.estimate' : 'length.voiced', params);
}

/** "2.6 words/s". */
export const paceText = (t: Translate, length: SpokenLength): string => t('length.pace', { wps: t.number(length.wordsPerSecond, 1) });

/** "Read at 1.16x to fit 30 s" when the read was sped up, else empty. */
export function speedNote(t: Translate, length: SpokenLength): string {
  return spedUp(length) ? t('length.spedUp', { speed: t.number(length.speed, 2), target: t.number(length.target, length.target % 1 === 0 ? 0 : 1) }) : '';
}

/** "0.3 s too long for a 30 s ad" when the speech runs past the end, else empty. */
export function overText(t: Translate, length: SpokenLength): string {
  return length.over > 0 ? t('length.over', { over: t.number(length.over, 1), target: t.number(length.target, length.target % 1 === 0 ? 0 : 1) }) : '';
}

/** Everything above in one line: "Spoken: 28.7 s of 30 s · 2.6 words/s · Read at 1.16x to fit 30 s". */
export function lengthSummary(t: Translate, length: SpokenLength): string {
  return [lengthText(t, length), paceText(t, length), speedNote(t, length), overText(t, length)].filter((part) => part !== '').join(' · ');
}
