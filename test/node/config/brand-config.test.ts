import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import { resolveConfig } from '../../../src/config/validate.js';
import { StudioConfigError } from '../../../src/errors.js';
import { testAuth } from '../../support/auth.js';

const auth = testAuth();
const origin = { origin: 'https://host.example' };

/** The message of the refusal of `config`, or a failure when it is accepted. */
function messageOf(config: unknown): string {
  try {
    resolveConfig(config, origin);
  } catch (error) {
    expect(error instanceof StudioConfigError).to.equal(true);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('config: brand keys', () => {
  it('defaults: every voice and track, no host pronunciations, the assumed request field', () => {
    const config = resolveConfig({ auth }, origin);
    expect(config.vocal.voices).to.equal(undefined);
    expect(config.music.tracks).to.equal(undefined);
    expect(config.vocal.pronunciations).to.deep.equal([]);
    expect(config.api.pronunciationsField).to.equal('pronunciations');
  });

  it('takes the licensed voices and tracks, each id once', () => {
    const config = resolveConfig({ auth, vocal: { voices: ['ava', 'sam', 'ava'], voice: 'sam' }, music: { tracks: ['sunrise'] } }, origin);
    expect([...config.vocal.voices!]).to.deep.equal(['ava', 'sam']);
    expect([...config.music.tracks!]).to.deep.equal(['sunrise']);
  });

  it('takes the host pronunciations as plain entries, hostile text as text', () => {
    const entries = [{ text: 'acme-coffee.com', say: 'acme coffee dot com' }, { text: '<b>US</b>', say: '"you ess"', caseSensitive: true }];
    const config = resolveConfig({ auth, vocal: { pronunciations: entries } }, origin);
    expect(config.vocal.pronunciations.map((entry) => `${entry.text}=${entry.say}:${entry.caseSensitive ?? '-'}`)).to.deep.equal(['acme-coffee.com=acme coffee dot com:-', '<b>US</b>="you ess":true']);
    expect(Object.isFrozen(config.vocal.pronunciations[0])).to.equal(true);
  });

  it('takes api.pronunciationsField as a field name or null', () => {
    expect(resolveConfig({ auth, api: { pronunciationsField: 'lexicon' } }, origin).api.pronunciationsField).to.equal('lexicon');
    expect(resolveConfig({ auth, api: { pronunciationsField: null } }, origin).api.pronunciationsField).to.equal(null);
  });

  const table: Array<[string, unknown, string]> = [
    ['voices empty', { auth, vocal: { voices: [] } }, 'config.vocal.voices: expected a list of 1 to 1000 voice ids'],
    ['a voice id not a string', { auth, vocal: { voices: ['ava', 4] } }, 'config.vocal.voices[1]: expected an id string, got 4'],
    ['the default voice not licensed', { auth, vocal: { voices: ['ava'], voice: 'sam' } }, 'config.vocal.voice: "sam" is not one of config.vocal.voices'],
    ['tracks not a list', { auth, music: { tracks: 'sunrise' } }, 'config.music.tracks: expected a list of 1 to 1000 track ids'],
    ['the default track not licensed', { auth, music: { tracks: ['a'], track: 'b' } }, 'config.music.track: "b" is not one of config.music.tracks'],
    ['pronunciations not a list', { auth, vocal: { pronunciations: { text: 'a', say: 'b' } } }, 'config.vocal.pronunciations: expected a list of { text, say } entries'],
    ['an empty text', { auth, vocal: { pronunciations: [{ text: 'ok', say: 'ok' }, { text: ' ', say: 'x' }] } }, 'config.vocal.pronunciations[1].text: entry 2: text is empty'],
    ['an empty say, naming the entry', { auth, vocal: { pronunciations: [{ text: 'Acme', say: '' }] } }, 'config.vocal.pronunciations[0].say: entry 1 ("Acme"): say is empty'],
    ['a text over 200 characters', { auth, vocal: { pronunciations: [{ text: 'x'.repeat(201), say: 'x' }] } }, 'config.vocal.pronunciations[0].text: entry 1: text holds at most 200 characters; this one has 201'],
    ['a say over 200 characters', { auth, vocal: { pronunciations: [{ text: 'x', say: 'y'.repeat(201) }] } }, 'config.vocal.pronunciations[0].say: entry 1 ("x"): say holds at most 200 characters'],
    ['a duplicate in another case', { auth, vocal: { pronunciations: [{ text: 'Acme', say: 'a' }, { text: 'ACME', say: 'b' }] } }, 'config.vocal.pronunciations[1].text: entry 2: "ACME" is already said by entry 1'],
    ['an unknown field', { auth, vocal: { pronunciations: [{ text: 'Acme', say: 'a', regex: true }] } }, 'config.vocal.pronunciations[0]: entry 1 ("Acme"): "regex" is not a field of an entry'],
    ['over 1,000 entries', { auth, vocal: { pronunciations: Array.from({ length: 1001 }, (_, i) => ({ text: `w${i}`, say: 's' })) } }, 'config.vocal.pronunciations: holds at most 1000 entries; this one has 1001'],
    ['a field name with a space', { auth, api: { pronunciationsField: 'pro nunciations' } }, 'config.api.pronunciationsField: expected a field name like "pronunciations"'],
    ['a field name the request already has', { auth, api: { pronunciationsField: 'text' } }, 'config.api.pronunciationsField: "text" is already a field of the voice-over request'],
  ];

  for (const [name, config, message] of table) {
    it(`refuses: ${name}`, () => {
      const actual = messageOf(config);
      expect(actual.startsWith(message), `\n${actual}\ndoes not start with\n${message}`).to.equal(true);
    });
  }

  it('accepts 1,000 entries', () => {
    const entries = Array.from({ length: 1000 }, (_, i) => ({ text: `word${i}`, say: `say ${i}` }));
    expect(resolveConfig({ auth, vocal: { pronunciations: entries } }, origin).vocal.pronunciations.length).to.equal(1000);
  });
});
