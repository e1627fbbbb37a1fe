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
