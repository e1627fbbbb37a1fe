/**
 * Speech duration estimates for scripts, from a voice's speaking rate. An estimate, not a measurement:
 * words at the voice's rate, plus the pauses a speaker makes at punctuation and between sections.
 */

/** Typical pauses, in seconds at speed 1. */
export const PAUSES = { sentence: 0.35, clause: 0.15, section: 0.3 } as const;

/** Default speaking rate of an English voice at speed 1, in words per minute. */
export const DEFAULT_WORDS_PER_MINUTE = 160;

/** Counts spoken words: a number is read as about one word per two digits. */
export function countSpokenWords(text: string): number {
  let words = 0;
  for (const token of text.split(/\s+/)) {
    if (token === '') continue;
    const digits = token.replace(/\D/g, '').length;
    const letters = token.replace(/[^\p{L}]/gu, '').length;
    if (letters > 0) words += 1;
    else if (digits > 0) words += Math.max(1, Math.ceil(digits / 2));
  }
  return words;
}

/** Seconds to speak `text` at `wordsPerMinute` and `speed` (1 = normal). */
export function estimateSpeechSeconds(text: string, wordsPerMinute = DEFAULT_WORDS_PER_MINUTE, speed = 1): number {
  const words = countSpokenWords(text);
  if (words === 0) return 0;
  const trimmed = text.trim();
  const sentenceEnds = (trimmed.match(/[.!?…]+(?=\s|$)/g) ?? []).length;
  // The last sentence's end is the end of speech, not a pause.
  const sentencePauses = Math.max(0, sentenceEnds - (/[.!?…]$/.test(trimmed) ? 1 : 0));
  const clausePauses = (trimmed.match(/[,;:—–]/g) ?? []).length;
  const pauses = sentencePauses * PAUSES.sentence + clausePauses * PAUSES.clause;
  return ((words / wordsPerMinute) * 60 + pauses) / speed;
}

/**
 * Estimates of each section and of the whole script, with the pause between sections. A section's `pauses` are
 * the seconds its direction asks to be silent (`[[pause 1.0s]]`, at speed 1), on top of its words.
 */
export function estimateScript(
  sections: ReadonlyArray<{ text: string; wordsPerMinute?: number; pauses?: number }>,
  speed = 1,
): { sections: number[]; total: number } {
  const each = sections.map((section) => estimateSpeechSeconds(section.text, section.wordsPerMinute, speed) + (section.pauses ?? 0) / speed);
  const spoken = each.filter((seconds) => seconds > 0).length;
  const total = each.reduce((sum, seconds) => sum + seconds, 0) + (Math.max(0, spoken - 1) * PAUSES.section) / speed;
  return { sections: each, total };
}

/** The voice's speaking rate in words a minute, when its details say (`words_per_minute`); else `undefined`. */
export function voiceWordsPerMinute(voice: { readonly details: Readonly<Record<string, unknown>> | null }): number | undefined {
  const rate = voice.details?.['words_per_minute'];
  return typeof rate === 'number' && rate > 0 ? rate : undefined;
}
