// Every error code the editor can raise has words for the person using it (issue 51, "One error path"): the codes
// are read from the source at test time, so a new code without words fails here. The generic "Something went
// wrong" is only for an error that carries no message (or one the editor did not raise).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { StudioError } from '../../src/errors.js';
import { de } from '../../src/i18n/de.js';
import { en } from '../../src/i18n/en.js';
import { describeError } from '../../src/i18n/error-words.js';
import { fr } from '../../src/i18n/fr.js';
import '../../src/i18n/later-words.js';
import { createTranslator } from '../../src/i18n/translate.js';
import { englishOnlyErrors } from './support/english-errors.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The editor's code: src/ but the Node batch and the Node tools, which never show words in the editor. */
const NOT_THE_EDITOR = /^src\/(batch|node)\//;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !NOT_THE_EDITOR.test(path) ? [path] : [];
  });
}

/** The classes whose constructor takes the code first. */
const CODE_FIRST = 'StudioError|StudioApiError|StudioAuthError|StudioStorageError|StudioProjectError';
/** Constructor calls that pass a code on rather than make one: each relays a code raised (and read) elsewhere. */
const RELAYS = new Map([
  ['src/audio/renderer.ts', 'message.code'], // the render worker's own StudioError, rebuilt on this side
  ['src/create.ts', 'detail.code'], // the editor's studio-error, rejected by create()
  ['src/api/errors.ts', 'code'], // codeForStatus(), whose codes are ApiErrorCode's
  ['src/auth/call-callback.ts', 'code'], // an AuthErrorCode
]);

/** Every code raised in the editor's source, with a file that raises it. */
function raisedCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  const add = (code: string, file: string) => codes.has(code) || codes.set(code, file);
  for (const file of sources('src')) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const [, code] of text.matchAll(new RegExp(`new (?:${CODE_FIRST})\\(\\s*'([a-z][a-z0-9-]*)'`, 'g'))) add(code!, file);
    // A class's fixed code: `super('feed', …)` in a subclass of StudioError.
    if (/extends (?:Studio\w*Error|AudioInputError)\b/.test(text)) for (const [, code] of text.matchAll(/super\(\s*'([a-z][a-z0-9-]*)'/g)) add(code!, file);
    // The unions of codes a class takes (ApiErrorCode, AuthErrorCode, StorageErrorCode).
    for (const [, union] of text.matchAll(/export type \w*ErrorCode =([^;]+);/g)) for (const [, code] of union!.matchAll(/'([a-z][a-z0-9-]*)'/g)) add(code!, file);
    for (const [, argument] of text.matchAll(new RegExp(`new (?:${CODE_FIRST})\\(\\s*([^'\\s,][^,]*),`, 'g'))) {
      assert.equal(RELAYS.get(file), argument!.trim(), `${relative(root, join(root, file))} makes an error with the code ${argument}: give it a literal code (with words in src/i18n/error-words*.ts), or list it here as a relay`);
    }
  }
  return codes;
}

const CATALOGUES = { en, de, fr } as const;

describe('the words of every error code', () => {
  const codes = raisedCodes();

  it('finds the codes in the source (a scan that finds none proves nothing)', () => {
    assert.ok(codes.size >= 60, `only ${codes.size} codes found`);
    for (const code of ['deliver-failed', 'feed-row', 'feed', 'slot', 'locked', 'review-required', 'project-invalid', 'storage-quota', 'payment-required', 'job-timeout', 'contract', 'audio-input', 'redirect-refused']) {
      assert.ok(codes.has(code), code);
    }
  });

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`in ${language}, says each code with a message in words other than the generic ones, never a key`, () => {
      const t = createTranslator(language, {}, catalogue);
      const generic = t('error.unknown');
      const keys = new Set(Object.keys(en));
      const unworded = [...codes].filter(([code]) => {
        const shown = describeError(new StudioError(code, `What the ${code} error says, and what to do.`), t).text;
        return shown === generic || keys.has(shown) || shown.trim() === '';
      });
      assert.deepEqual(unworded, [], 'codes without words: add each to src/i18n/error-words-later.ts (a sentence, or its own message when written for the user)');
    });
  }

  it('shows an error’s own message only where it is written for the user: never one naming config keys, endpoints or calls', () => {
    const t = createTranslator('en', {}, en);
    const developer = 'Check api.baseUrl and config.tools.role; call deliver({ vast }) or client.resumeJob().';
    const shownOwn = [...codes.keys()].filter((code) => describeError(new StudioError(code, developer), t).text === developer).sort();
    assert.deepEqual(shownOwn, [
      'ad-id-duplicate',
      'deliver-failed',
      'deliver-file',
      'feed',
      'feed-key',
      'feed-none',
      'feed-row',
      'feed-template',
      'project-invalid',
      'project-too-new',
      'slot',
      'storage-blocked',
      'storage-conflict',
      'storage-failed',
      'storage-quota',
      'storage-unavailable',
      'upload-missing',
    ]);
    // And the editor's own messages of those codes name no config key, endpoint or call.
    for (const file of sources('src')) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const [, code, message] of text.matchAll(/new Studio\w*Error\(\s*'([a-z][a-z0-9-]*)',\s*[`'"]([^`'"]*)/g)) {
        if (!shownOwn.includes(code!)) continue;
        assert.doesNotMatch(message!, /api\.|config\.|tools\.|getToken|baseUrl|\(\{|\w\(\)/, `${file}: the ${code} message is shown to the user`);
      }
    }
  });

  it('says in German and French the codes whose own message is English only, with the names they carry quoted and escaped', () => {
    const errors = englishOnlyErrors();
    const english = createTranslator('en', {}, en);
    for (const error of errors) assert.equal(describeError(error, english).text, error.message, `${error.code} in English: its own message, as before`);
    for (const [language, catalogue] of [['de', de], ['fr', fr]] as const) {
      const t = createTranslator(language, {}, catalogue);
      const shown = errors.map((error) => describeError(error, t));
      for (const [at, { text, retry }] of shown.entries()) {
        const error = errors[at]!;
        assert.notEqual(text, error.message, `${error.code} in ${language}`);
        assert.ok(!/[{}]|error\.|The |the /.test(text), `${error.code} in ${language}: ${text}`);
        assert.notEqual(text, t('error.unknown'));
        assert.equal(retry, error.recoverable, `${error.code}: Retry as before`);
      }
      // The names from a file or a document, quoted and escaped as the English messages quote them.
      assert.ok(shown[0]!.text.includes('"pri\\u202ece"') && shown[0]!.text.includes('2'), shown[0]!.text);
      assert.ok(shown[6]!.text.includes('"ad\\u0007.mp3"'), shown[6]!.text);
      assert.ok(shown[7]!.text.includes('"project.versions"'), shown[7]!.text);
      assert.ok(shown[8]!.text.includes('"project.slots[0].name"') && shown[8]!.text.includes('2'), shown[8]!.text);
    }
    assert.equal(
      describeError(errors[0], createTranslator('de', {}, de)).text,
      'Die Feed-Datei wurde nicht importiert: Sie enthält 2 Fehler (der erste: Zeile 3, Spalte "pri\\u202ece"). Korrigieren Sie die Datei und importieren Sie sie erneut.',
    );
    assert.equal(describeError(errors[1], createTranslator('fr', {}, fr)).text, 'Le fichier du flux n’a pas été importé : il contient une erreur (fichier ou en-tête). Corrigez le fichier et importez-le à nouveau.');
  });

  it('keeps the generic words for an error with no message, and for one the editor did not raise', () => {
    const t = createTranslator('en', {}, en);
    assert.equal(describeError(new StudioError('feed-row', ''), t).text, t('error.unknown'));
    assert.equal(describeError(undefined, t).text, t('error.unknown'));
    assert.equal(describeError(new TypeError('config.api is wrong'), t).text, t('error.unknown'));
  });

  it('shows an own message as the text it is: markup stays text for the view to escape', () => {
    const t = createTranslator('en', {}, en);
    const shown = describeError(new StudioError('feed-row', 'Row "<b>A-1</b>": It reads 3.3 words a second.'), t);
    assert.equal(shown.text, 'Row "<b>A-1</b>": It reads 3.3 words a second.');
  });
});
