// What the voice reads of a directed text (./direction.ts): its plain words (estimates, staleness, captions) and
// its SSML (W3C SSML 1.1, the voice-over request's `ssml`). Slots are filled piece by piece after the marks are
// read, so a value is text: `]]`, `<speak>` or `<break time="60s"/>` in it is escaped, never obeyed. Pure.
import { scanDirection, pauseLength, type Mark } from './direction.js';
import { sayAs } from './say-as.js';

/** A directed text with its slots filled: literal text and marks (their text filled too), in order. */
export type Directed = readonly (string | Mark)[];

/**
 * `text` read for direction, each literal piece and each mark's text (and a `sub`'s words) passed through `read`
 * (the slots' filling: `sampleSpokenText`, a feed row's `spokenText`). A malformed mark is read as written.
 */
export function directed(text: string, read: (raw: string) => string): Directed {
  return scanDirection(text).pieces.map((piece) => {
    if (typeof piece === 'string') return read(piece);
    const { mark } = piece;
    if (mark.kind === 'pause') return mark;
    if (mark.kind === 'sub') return { ...mark, alias: read(mark.alias), text: read(mark.text) };
    return { ...mark, text: read(mark.text) };
  });
}

/** Whether the text asks for any direction. */
export const hasMarks = (text: Directed): boolean => text.some((piece) => typeof piece !== 'string');

/** The words as said, without direction: a `sub`'s words for its text, a pause as nothing, other marks as their text. */
export const plainText = (text: Directed): string =>
  text.map((piece) => (typeof piece === 'string' ? piece : piece.kind === 'pause' ? '' : piece.kind === 'sub' ? piece.alias : piece.text)).join('');

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** User text as XML character data or an attribute's value: every markup character an entity. */
export const xmlText = (text: string): string => text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

function markSsml(mark: Mark): string {
  switch (mark.kind) {
    case 'pause':
      return `<break time="${pauseLength(mark.seconds)}"/>`;
    case 'emphasis':
      return `<emphasis level="${mark.level}">${xmlText(mark.text)}</emphasis>`;
    case 'say-as':
      return `<say-as interpret-as="${mark.as}">${xmlText(mark.text)}</say-as>`;
    case 'sub':
      return `<sub alias="${xmlText(mark.alias)}">${xmlText(mark.text)}</sub>`;
    case 'rate':
      return `<prosody rate="${mark.percent}%">${xmlText(mark.text)}</prosody>`;
  }
}

/**
 * `text` as SSML 1.1: `<speak>` (with `xml:lang`, the voice's language, when known: a currency or a date is said in
 * it) holding the text escaped and each mark as its element.
 */
export function writeSsml(text: Directed, language?: string): string {
  const lang = language === undefined || language === '' ? '' : ` xml:lang="${xmlText(language)}"`;
  const body = text.map((piece) => (typeof piece === 'string' ? xmlText(piece) : markSsml(piece))).join('');
  return `<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis"${lang}>${body}</speak>`;
}

/** What a voice-over request says of `text` (slots filled by `read`): its plain words, and its SSML when it has direction. */
export function voicedText(text: string, read: (raw: string) => string, language?: string): { text: string; ssml?: string } {
  const pieces = directed(text, read);
  return { text: plainText(pieces), ...(hasMarks(pieces) ? { ssml: writeSsml(pieces, language) } : {}) };
}

/**
 * What `text` takes to say, for its length and price: its words as said (a say-as written out as the voice says it
 * in `language`, `800-555-0199` as ten digits; a sub as its words) and its pauses, seconds at speed 1.
 */
export function saidText(text: Directed, language = 'en'): { words: string; pauses: number } {
  let pauses = 0;
  const words = text
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      if (piece.kind === 'pause') {
        pauses += piece.seconds;
        return ' ';
      }
      return piece.kind === 'sub' ? piece.alias : piece.kind === 'say-as' ? ` ${sayAs(piece.as, piece.text, language)} ` : piece.text;
    })
    .join('');
  return { words, pauses };
}
