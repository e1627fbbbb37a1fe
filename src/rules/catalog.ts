// Every rule that decides whether an ad, a version, a feed row, a mix or a delivered file is fine, as data: what
// it reads, its threshold (or the sheet it takes it from), the severity of a failure where it is judged, the
// words of its name, and its source. One engine (./judge.ts) runs them; every view, the manifest, the report, the
// batch and the VAST writer show what it found and decide nothing. Like axe-core's `lib/rules/*.json` and
// ESLint's rule `meta`: the checks themselves are beside this table (./file.ts, ./pace.ts, ./row.ts, ./mix.ts).
// Pure: no DOM, no audio.
import { VAST_LIMITS } from '../delivery/vast.js';
import { ADVISED_WORDS_PER_SECOND, FAST_READ, SPEECH_SLACK } from './limits.js';
import type { StringKey } from '../i18n/en.js';

/**
 * Where a rule is judged: the Script step and status line (the ad), a version, a feed row, a mix before export, a
 * delivered file, and a delivery's settings before anything is rendered (its VAST destinations' URLs).
 */
export type RuleSubject = 'ad' | 'version' | 'row' | 'mix' | 'file' | 'delivery';

/**
 * A failure's weight. `problem`: the ad, row or file is not fine (a row is not delivered, a file is not in the
 * ZIP, a version does not meet its destinations); `warning`: it is, and the place that shows it says why it may
 * sound wrong.
 */
export type Severity = 'problem' | 'warning';

/** Where a rule's figures come from. */
export interface RuleSource {
  readonly title: string;
  readonly url?: string;
}

/** A rule, as data. */
export interface RuleMeta {
  readonly id: RuleId;
  /** What the rule reads, in words. */
  readonly reads: string;
  /**
   * Its threshold: a number with its unit, or where it is taken from (`sheet`: the destination's spec sheet;
   * `config`: the host's config; `format`: a published structure).
   */
  readonly threshold: { readonly value: number; readonly unit: string } | 'sheet' | 'config' | 'format';
  /** The severity of a failure in each subject where the rule is judged; judged nowhere else. */
  readonly severity: Readonly<Partial<Record<RuleSubject, Severity>>>;
  /** The key of the rule's name in the words (`src/i18n/`): a grid's lead, a receipt's label. */
  readonly words: StringKey;
  readonly source: RuleSource;
}

const SHEET: RuleSource = { title: "The destination's spec sheet (see each destination's source)" };
const AMAZON: RuleSource = {
  title: 'Amazon Ads: audio ad creative specs and guidelines (at most about 3 words a second)',
  url: 'https://advertising.amazon.com/resources/ad-specs/audio-ads',
};
const AD_ID: RuleSource = { title: 'Ad-ID: each creative (each length, each alternate) has its own code', url: 'https://www.ad-id.org/how-it-works' };
const EDITOR: RuleSource = { title: 'Service Studio Editor: what the editor needs to make the files' };
const VAST: RuleSource = { title: 'IAB Tech Lab VAST 4.1 (xs:anyURI URIs; an InLine ad has at least one Impression)', url: 'https://iabtechlab.com/standards/vast/' };
const ITU: RuleSource = { title: 'ITU-R BS.1770-4 and the delivery preset (EBU R128, ATSC A/85, streaming, podcast)' };

export { ADVISED_WORDS_PER_SECOND, FAST_READ, SPEECH_SLACK } from './limits.js';

/** Every rule, by id. */
export const RULES = {
  // The mix before export, against the chosen delivery preset (the Master step's check).
  integrated: { reads: 'the mix’s integrated loudness, LUFS', threshold: 'sheet', severity: { mix: 'problem' }, words: 'master.rule.integrated', source: ITU },
  shortTermMax: { reads: 'the mix’s loudest 3 s, LUFS', threshold: 'sheet', severity: { mix: 'problem' }, words: 'master.rule.shortTermMax', source: ITU },
  speechFits: { reads: 'where the mix’s speech ends, seconds', threshold: 'sheet', severity: { mix: 'problem' }, words: 'master.rule.speechFits', source: EDITOR },
  noOverlap: { reads: 'takes that overlap on the timeline, seconds', threshold: { value: 0, unit: 's' }, severity: { mix: 'problem' }, words: 'master.rule.noOverlap', source: EDITOR },
  // A delivered file (and a version, on the figures known before rendering), against its destination's sheet.
  loudness: { reads: 'the file’s integrated loudness, LUFS', threshold: 'sheet', severity: { file: 'problem' }, words: 'deliver.rule.loudness', source: SHEET },
  truePeak: { reads: 'the file’s true peak, dBTP', threshold: 'sheet', severity: { file: 'problem', mix: 'problem' }, words: 'deliver.rule.truePeak', source: SHEET },
  length: { reads: 'the file’s length, samples', threshold: 'sheet', severity: { file: 'problem', version: 'problem' }, words: 'deliver.rule.length', source: SHEET },
  maxBytes: { reads: 'the file’s size, bytes', threshold: 'sheet', severity: { file: 'problem', version: 'problem' }, words: 'deliver.rule.maxBytes', source: SHEET },
  tailSilence: { reads: 'the silence at the file’s end, seconds', threshold: 'sheet', severity: { file: 'problem' }, words: 'deliver.rule.tailSilence', source: SHEET },
  speech: { reads: 'speech past the ad’s end, seconds', threshold: { value: SPEECH_SLACK, unit: 's' }, severity: { file: 'problem', version: 'problem', ad: 'problem' }, words: 'deliver.rule.speech', source: EDITOR },
  // How the script reads: the same for the ad, a version and a feed row.
  fit: {
    reads: 'the speed the read needs to fit the ad, times normal',
    threshold: 'config',
    severity: { ad: 'problem', version: 'problem', row: 'problem' },
    words: 'feed.kind.length',
    source: { title: 'The host’s `vocal.maxFitSpeed` (default 1.2)' },
  },
  'fast-read': { reads: 'the speed the read needs to fit the ad, times normal', threshold: { value: FAST_READ, unit: 'x' }, severity: { ad: 'warning', version: 'warning', row: 'warning' }, words: 'rule.fastRead', source: EDITOR },
  'words-per-second': {
    reads: 'words a second while speaking',
    threshold: { value: ADVISED_WORDS_PER_SECOND, unit: 'words/s' },
    // A warning unless a destination's sheet makes it a limit (`maxWordsPerSecond`): then a problem, everywhere. A
    // delivered file is judged on it only against such a sheet (./file.ts), so there it is always a problem.
    severity: { ad: 'warning', version: 'warning', row: 'warning', file: 'problem' },
    words: 'feed.kind.pace',
    source: AMAZON,
  },
  // A feed row's values and key, before anything is voiced or paid for.
  template: { reads: 'the script’s {{slot}} placeholders', threshold: 'format', severity: { row: 'problem' }, words: 'feed.kind.template', source: EDITOR },
  missing: { reads: 'a slot’s value in the row', threshold: 'format', severity: { row: 'problem' }, words: 'feed.kind.missing', source: EDITOR },
  'too-long': { reads: 'a slot’s value, characters', threshold: 'config', severity: { row: 'problem' }, words: 'feed.kind.too-long', source: { title: 'The slot’s maxLength (the template’s author sets it)' } },
  'say-as': { reads: 'a slot’s value under a say-as: a price, a phone number, a date, digits, an ordinal', threshold: 'format', severity: { row: 'problem' }, words: 'feed.kind.say-as', source: { title: 'W3C SSML 1.1 say-as (the direction of the template’s script)' } },
  'empty-key': { reads: 'the row’s key', threshold: 'format', severity: { row: 'problem' }, words: 'feed.kind.empty-key', source: EDITOR },
  'key-unportable': { reads: 'the row’s key as a folder name', threshold: 'format', severity: { row: 'problem' }, words: 'feed.kind.key-unportable', source: EDITOR },
  'key-control': { reads: 'the row’s key: control and bidirectional characters', threshold: 'format', severity: { row: 'problem' }, words: 'feed.kind.key-control', source: EDITOR },
  'duplicate-key': { reads: 'the row’s key against the other rows’', threshold: 'format', severity: { row: 'problem' }, words: 'feed.kind.duplicate-key', source: EDITOR },
  // The identity of each creative, and what an ad server needs to count it (./identity.ts).
  'ad-id-format': { reads: 'an Ad-ID: a version’s, or a row’s from its column', threshold: 'format', severity: { version: 'problem', row: 'problem' }, words: 'feed.kind.ad-id', source: AD_ID },
  'ad-id-duplicate': { reads: 'the Ad-IDs of every creative of one delivery', threshold: 'format', severity: { version: 'problem', row: 'problem' }, words: 'deliver.adId', source: AD_ID },
  // A VAST destination's settings for a delivery, before anything is rendered (./vast.ts): what vast.xml points at
  // and what counts its plays. The writer, the Deliver panel, `deliver()` and the batch read this verdict.
  'vast-media-base-required': { reads: 'a VAST destination’s media base URL', threshold: 'format', severity: { delivery: 'problem' }, words: 'deliver.vastBase', source: VAST },
  'vast-media-base-url': { reads: 'a VAST destination’s media base URL: an absolute http(s) URI, no query', threshold: 'format', severity: { delivery: 'problem' }, words: 'deliver.vastBase', source: VAST },
  'vast-impression-required': { reads: 'a VAST destination’s impression URLs', threshold: { value: 1, unit: 'URL' }, severity: { delivery: 'problem' }, words: 'deliver.vastImpressions', source: VAST },
  'vast-impression-count': { reads: 'a VAST destination’s impression URLs, how many', threshold: { value: VAST_LIMITS.impressionUrls, unit: 'URL' }, severity: { delivery: 'problem' }, words: 'deliver.vastImpressions', source: VAST },
  'vast-impression-url': { reads: 'each impression URL: an absolute http(s) URI, no placeholder or macro', threshold: 'format', severity: { delivery: 'problem' }, words: 'deliver.vastImpressions', source: VAST },
  'vast-error-url': { reads: 'a VAST destination’s error URL: an absolute http(s) URI', threshold: 'format', severity: { delivery: 'problem' }, words: 'deliver.vastFields', source: VAST },
} as const satisfies Record<string, Omit<RuleMeta, 'id'>>;

/** A rule's id. */
export type RuleId = keyof typeof RULES;

/** The rule `id`, as data. */
export function ruleMeta(id: RuleId): RuleMeta {
  return { id, ...RULES[id] } as RuleMeta;
}

/** The severity of a failure of rule `id` in `subject`; `undefined` where the rule is not judged. */
export function severityOf(id: RuleId, subject: RuleSubject): Severity | undefined {
  return (RULES[id].severity as Partial<Record<RuleSubject, Severity>>)[subject];
}
