// The pronunciations of a voice-over request on the wire: under the assumed field (`PRONUNCIATIONS_FIELD`),
// under the host's name for it, or, with none, spoken into the text itself; and its direction (`ssml`), or none.
import type { PronunciationEntry } from '../brand/pronunciations.js';
import type { ServiceClientOptions } from './client-options.js';
import { PRONUNCIATIONS_FIELD, type PronunciationRequestEntry, type VoiceoverRequest } from './contract.js';

/** Entries as the request carries them (`case_sensitive` only when set). */
export const requestEntries = (entries: readonly PronunciationEntry[]): PronunciationRequestEntry[] =>
  entries.map((entry) => ({ text: entry.text, say: entry.say, ...(entry.caseSensitive === true ? { case_sensitive: true } : {}) }));

/** The request's entries as the brand rules read them. */
export const brandEntries = (entries: readonly PronunciationRequestEntry[]): PronunciationEntry[] =>
  entries.map((entry) => ({ text: entry.text, say: entry.say, ...(entry.case_sensitive === true ? { caseSensitive: true } : {}) }));

/**
 * The JSON body of a voice-over request: `pronunciations` sent under `field`, or with `field` null, left out
 * and applied to `text` (each match replaced by its `say`, `src/brand/match.ts`, loaded only then: it is not
 * part of the first paint). No entries: no field.
 */
export async function voiceoverBody(request: VoiceoverRequest, field: string | null = PRONUNCIATIONS_FIELD): Promise<Omit<VoiceoverRequest, 'pronunciations'> & Record<string, unknown>> {
  const { pronunciations, ...rest } = request;
  if (pronunciations === undefined || pronunciations.length === 0) return rest;
  if (field !== null) return { ...rest, [field]: pronunciations };
  const { respell } = await import('../brand/match.js');
  const entries = brandEntries(pronunciations);
  return { ...rest, text: respell(rest.text, entries), ...(rest.ssml === undefined ? {} : { ssml: respellSsml(rest.ssml, (text) => respell(text, entries)) }) };
}

const UNESCAPED: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const ESCAPED: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(UNESCAPED).map(([entity, character]) => [character, entity]));

/**
 * `ssml` with `respell` applied to the text between its tags (read unescaped, written escaped again), so that the
 * direction says the same words as `text`; tags and their attributes (a `sub`'s alias) are kept as they are.
 */
function respellSsml(ssml: string, respell: (text: string) => string): string {
  return ssml
    .split(/(<[^>]*>)/)
    .map((piece) => (piece.startsWith('<') ? piece : respell(piece.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => UNESCAPED[entity]!)).replace(/[&<>"']/g, (character) => ESCAPED[character]!)))
    .join('');
}

/**
 * What a voice-over sends: its `ssml` (the direction) left out with `options.direction` `'none'`; its
 * `pronunciations` under `options.pronunciationsField`, or with that `null` spoken into the text (`voiceoverBody`).
 * A `request` adapter gets the entries under their own name, and the SSML to map.
 */
export async function voiceoverInput(given: VoiceoverRequest, options: Pick<ServiceClientOptions, 'pronunciationsField' | 'operations' | 'direction'>): Promise<Record<string, unknown>> {
  const { ssml: _dropped, ...plain } = given;
  const request = options.direction === 'none' ? plain : given;
  const field = options.pronunciationsField === undefined ? PRONUNCIATIONS_FIELD : options.pronunciationsField;
  if (options.operations?.voiceover?.request === undefined) return voiceoverBody(request, field);
  return field === null ? voiceoverBody(request, null) : { ...request };
}
