// A finding of the judge (src/rules/judge.ts) in the reader's language: the Script panel, the version chip and the
// Deliver panel's receipt say it with the rule's own words, its figure and its limit, numbers formatted for the
// locale with at most 2 decimals. A finding's `message` and `fix` are English: they stay for the manifest, the
// report, the batch and errors thrown to a host. The Feed step's grid may use it too (it has its own words today).
// Pure: a translator in, text out.
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';
import { RULES } from '../../rules/catalog.js';
import type { Finding } from '../../rules/finding.js';
import type { IdentityFinding } from '../../rules/identity.js';
import type { VastFinding } from '../../rules/vast.js';
import { duplicateAdIdText } from './ad-id-words.js';
import { fileSize } from './level-format.js';
import { fastFindingText, paceFindingText } from './pace-words.js';
import { codeProblemText, vastUrlText } from '../studio-deliver-panel/deliver-words.js';
import '../../i18n/later-words.js';

/** `30`, `0.5`, `1.16`: a figure with at most 2 decimals, in the reader's format. */
export function shortFigure(t: Translate, value: number): string {
  if (!Number.isFinite(value)) return t.number(value, 0);
  const rounded = Math.round(value * 100) / 100;
  return t.number(rounded, Number.isInteger(rounded) ? 0 : Number.isInteger(rounded * 10) ? 1 : 2);
}

const size = (t: Translate, bytes: number): string => {
  const { unit, value } = fileSize(bytes);
  return t(unit === 'kb' ? 'export.kb' : 'export.mb', { value: t.number(value, 1) });
};

/** `{rule}: {measured}, asked {required}`, the receipt's line, with the rule's name from the catalog. */
const line = (t: Translate, finding: Finding, measured: string, required: string): string =>
  t('deliver.ruleLine', { rule: t(RULES[finding.rule].words as StringKey), measured, required });

/** The words of a VAST finding: what is missing, or why a URL cannot be in vast.xml (never the URL). */
function vastWords(t: Translate, finding: VastFinding): string {
  const name = t(RULES[finding.rule].words as StringKey);
  switch (finding.rule) {
    case 'vast-media-base-required':
      return t('deliver.vastBaseMissing');
    case 'vast-impression-required':
      return t('deliver.vastImpressionsMissing');
    case 'vast-impression-count':
      return t('deliver.vastImpressionsMany', { max: finding.limit?.value ?? 0, count: finding.measured });
    default:
      return finding.fault === undefined ? name : `${name}: ${vastUrlText(t, finding.fault)}`;
  }
}

/**
 * `finding` as one sentence in the reader's language, from its rule's words, its figure and its limit (the sheet
 * that sets the limit is the caller's to name, as the version chip does). A rule of a feed row's values or key
 * says its name only: the Feed step words those itself (studio-feed-panel/feed-words.ts).
 */
export function findingWords(t: Translate, finding: Finding): string {
  const limit = finding.limit?.value ?? 0;
  const measured = finding.measured;
  const seconds = (value: number) => t('deliver.seconds', { seconds: shortFigure(t, value) });
  switch (finding.rule) {
    case 'fast-read':
      return fastFindingText(t, finding);
    case 'words-per-second':
      return paceFindingText(t, finding);
    case 'fit':
      return t('rule.fit', { speed: t.number(measured, 2), max: t.number(limit, 2) });
    case 'speech':
      return t('versions.speechCut', { seconds: t.number(measured, 1) });
    case 'loudness':
    case 'integrated':
      return line(t, finding, t('master.lufs', { value: t.level(measured) }), t('deliver.loudness', { lufs: t.level(limit), tolerance: t.level(finding.limit?.tolerance ?? 0) }));
    case 'truePeak':
      return line(t, finding, t('master.dbtp', { value: t.level(measured) }), t('deliver.truePeak', { dbtp: t.level(limit) }));
    case 'shortTermMax':
      return line(t, finding, t('master.lufs', { value: t.level(measured) }), t('master.requireMax', { max: t.level(limit), unit: 'LUFS' }));
    case 'length':
      // Shorter than its limit only when the sheet asks the ad's exact length.
      return line(t, finding, seconds(measured), measured < limit ? t('deliver.exact') : t('deliver.maxLength', { seconds: shortFigure(t, limit) }));
    case 'maxBytes':
      return line(t, finding, size(t, measured), t('deliver.maxSize', { size: size(t, limit) }));
    case 'tailSilence':
      return line(t, finding, seconds(measured), t('deliver.tail', { seconds: shortFigure(t, limit) }));
    case 'speechFits':
      return line(t, finding, t('master.speechEnds', { time: t.clock(measured, true) }), t('master.requireSpeechBy', { time: t.clock(limit, true) }));
    case 'noOverlap':
      return line(t, finding, t('master.overlapFound', { seconds: shortFigure(t, measured) }), t('master.requireNoOverlap'));
    case 'ad-id-duplicate':
      return duplicateAdIdText(t, [finding as IdentityFinding]);
    case 'ad-id-format': {
      const identity = finding as IdentityFinding;
      const name = t(RULES[finding.rule].words as StringKey);
      return identity.code === undefined ? name : `${name}: ${codeProblemText(t, { code: identity.code }, identity.adId ?? '')}`;
    }
    default:
      return finding.rule.startsWith('vast-') ? vastWords(t, finding as VastFinding) : t(RULES[finding.rule].words as StringKey);
  }
}
