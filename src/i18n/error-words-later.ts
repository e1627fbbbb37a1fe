// The error words that come with the later words (later-words.ts imports this beside en-later.ts): the codes of the steps after the
// first (delivery, export, feed, review, versions, the editor's own loading), each with its sentence, and the
// codes whose own message is written for the user, with their words in German and French where that message is
// English only. The rule for each is `describeError`'s.
import { quote } from '../internal/describe.js';
import { addErrorWords, type ErrorWords } from './error-words.js';
import type { Translate } from './translate.js';

/** `words` in a language other than English, where the error's own message (English) is not the reader's. */
const inOther =
  (words: (error: Record<string, unknown>, t: Translate) => string): ErrorWords =>
  (error, t) =>
    t.locale.toLowerCase().startsWith('en') ? undefined : words((error ?? {}) as Record<string, unknown>, t);

/** The list `name` of an error (a feed's `problems`, a document's `issues`): its items that are objects. */
const listOf = (error: Record<string, unknown>, name: string): Record<string, unknown>[] => {
  const list = error[name];
  return Array.isArray(list) ? list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
};

/** Text from a file or a document, quoted and escaped as the English messages quote it. */
const quoted = (value: unknown): string => quote(typeof value === 'string' ? value : '');

/** Where a feed's problem is: its row and column, either, or the file (its header). */
function feedPlace(t: Translate, problem: Record<string, unknown> | undefined): string {
  const row = typeof problem?.['row'] === 'number' ? t.number(problem['row'], 0) : undefined;
  const column = typeof problem?.['column'] === 'string' ? quoted(problem['column']) : undefined;
  if (row !== undefined && column !== undefined) return t('error.place.cell', { row, column });
  if (row !== undefined) return t('error.place.row', { row });
  return column === undefined ? t('error.place.file') : t('error.place.column', { column });
}

/** The codes whose own message is English only, in the reader's words: the reason, then what to do. */
const SAID: Record<string, ErrorWords> = {
  feed: inOther((error, t) => {
    const problems = listOf(error, 'problems');
    return t.plural('error.feed', Math.max(1, problems.length), { place: feedPlace(t, problems[0]) });
  }),
  slot: inOther((_, t) => t('error.slot')),
  'feed-none': inOther((_, t) => t('error.feedNone')),
  'feed-key': inOther((_, t) => t('error.feedKey')),
  'feed-template': inOther((_, t) => t('error.feedTemplate')),
  'deliver-file': inOther((error, t) => t('error.deliverFile', { file: quoted(error['fileName']) })),
  'project-invalid': inOther((error, t) => {
    const issues = listOf(error, 'issues');
    return t.plural('error.projectInvalid', Math.max(1, issues.length), { path: quoted(issues[0]?.['path']) });
  }),
};

addErrorWords(
  {
    config: { key: 'error.config', retry: false },
    'editor-load': { key: 'error.load', retry: true },
    'panel-load': { key: 'error.load', retry: true },
    'timeline-load': { key: 'error.load', retry: true },
    'audio-load': { key: 'error.load', retry: true },
    'guardrails-load': { key: 'error.load', retry: true },
    'autosave-load': { key: 'error.load', retry: true },
    'i18n-load': { key: 'error.load', retry: true },
    destroyed: { key: 'error.destroyed', retry: false },
    'not-ready': { key: 'error.notReady', retry: true },
    'deliver-off': { key: 'error.unavailable', retry: false },
    'deliver-destination': { key: 'error.deliverDestination', retry: false },
    'deliver-version': { key: 'error.deliverVersion', retry: false },
    'deliver-none': { key: 'error.deliverNone', retry: false },
    'deliver-vast': { key: 'error.deliverVast', retry: false },
    'deliver-decode': { key: 'error.deliverDecode', retry: false },
    'deliver-zip': { key: 'error.zip', retry: true },
    'review-required': { key: 'error.reviewRequired', retry: false },
    'review-sign': { key: 'error.reviewSign', retry: true },
    'review-only': { key: 'error.reviewOnly', retry: false },
    'review-user-required': { key: 'error.reviewUser', retry: false },
    locked: { key: 'error.locked', retry: false },
    'export-format': { key: 'error.exportFormat', retry: false },
    'speech-cut': { key: 'error.speechCut', retry: true },
    'audio-input': { key: 'error.audioInput', retry: false },
    'music-library': { key: 'error.musicLibrary', retry: true },
    playback: { key: 'error.playback', retry: true },
  },
  [
    // A feed's file, a row, the script's slots: the problems found, each with its row, column or slot.
    'feed',
    'slot',
    'feed-row',
    'feed-none',
    'feed-key',
    'feed-template',
    // A delivery that made nothing, or a file it could not make: which, and why.
    'deliver-failed',
    'deliver-file',
    // Two creatives of one delivery with one Ad-ID: both named, and how to tell them apart.
    'ad-id-duplicate',
    // A project file or document refused: each problem with its place.
    'project-invalid',
    'project-too-new',
    // A draft or an upload not kept: why, and that the work is still in the tab.
    'storage-unavailable',
    'storage-blocked',
    'storage-quota',
    'storage-conflict',
    'storage-failed',
    'upload-missing',
  ],
  SAID,
);
