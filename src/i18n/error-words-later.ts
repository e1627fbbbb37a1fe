// The error words that come with the later words (later-words.ts imports this beside en-later.ts): the codes of the steps after the
// first (delivery, export, feed, review, versions, the editor's own loading), each with its sentence, and the
// codes whose own message is written for the user. The rule for each is `describeError`'s.
import { addErrorWords } from './error-words.js';

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
);
