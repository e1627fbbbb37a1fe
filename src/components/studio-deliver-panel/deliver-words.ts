// The Deliver panel's figures in words: a destination's key numbers, a delivered file's figures, a rule's
// line, a code's problem. Pure: a translator in, text out (no element, no store).
import { DESTINATION_FIGURES } from '../../delivery/destinations.js';
import type { DeliveredFigures, DestinationCodec, DestinationProfile } from '../../delivery/types.js';
import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';
import type { VastUrlFault } from '../../delivery/vast.js';
import type { UnapprovedVersion } from '../../session/editor-deliver.js';
import { fileSize } from '../shared/level-format.js';
import { LABEL_KEYS, unverifiedWords } from '../shared/decision-words.js';
import { printable } from '../../internal/printable.js';
import '../../i18n/later-words.js';

/** `120 KB`, `1.2 MB`. */
export function sizeText(t: Translate, bytes: number): string {
  const { unit, value } = fileSize(bytes);
  return t(unit === 'kb' ? 'export.kb' : 'export.mb', { value: t.number(value, 1) });
}

/** `MP3 128 kbit/s` or `WAV 24-bit`. */
export function codecText(t: Translate, codec: DestinationCodec): string {
  return codec.container === 'mp3' ? t('deliver.mp3', { kbps: codec.bitrateKbps }) : t('deliver.wav', { depth: codec.bitDepth });
}

const channelsText = (t: Translate, channels: number): string => t(channels === 1 ? 'deliver.mono' : 'deliver.stereo');
/** A whole number as it is, else one decimal: `30`, `0.5`, `44.1`. */
const shortNumber = (t: Translate, value: number): string => t.number(value, Number.isInteger(value) ? 0 : 1);
const rateText = (t: Translate, rate: number): string => t('deliver.rate', { khz: shortNumber(t, rate / 1000) });

/**
 * A destination's key numbers: codec, rate, channels, loudness, true peak, length, size, silence at the end. One of
 * several files (`renditions`) says how many instead of one codec and channels (`renditionTexts` lists them).
 */
export function destinationNumbers(t: Translate, destination: DestinationProfile): string {
  const { renditions } = destination;
  const parts = [
    ...(renditions === undefined
      ? [codecText(t, destination.codec), rateText(t, destination.sampleRate), channelsText(t, destination.channels)]
      : [t('deliver.fileCount', { count: renditions.length }), rateText(t, destination.sampleRate)]),
    t('deliver.loudness', { lufs: t.level(destination.loudness), tolerance: t.level(destination.tolerance) }),
    t('deliver.truePeak', { dbtp: t.level(destination.truePeak) }),
    destination.length.kind === 'exact' ? t('deliver.exact') : t('deliver.maxLength', { seconds: shortNumber(t, destination.length.maxSeconds) }),
  ];
  if (destination.maxBytes !== undefined) parts.push(t('deliver.maxSize', { size: sizeText(t, destination.maxBytes) }));
  if (destination.minTailSilence > 0) parts.push(t('deliver.tail', { seconds: shortNumber(t, destination.minTailSilence) }));
  return parts.join(', ');
}

/**
 * Each file of a destination of several (`renditions`), from its profile: `MP3 64 kbit/s, 44.1 kHz, mono, for
 * players`, and the Mezzanine as the copy an ad server transcodes from, never served. Empty for one file.
 */
export function renditionTexts(t: Translate, destination: DestinationProfile): string[] {
  return (destination.renditions ?? []).map((rendition) => {
    const format = [codecText(t, rendition.codec), rateText(t, destination.sampleRate), channelsText(t, rendition.channels ?? destination.channels)].join(', ');
    if (rendition.mezzanine) return t('deliver.vastMezzanine', { format });
    return rendition.codec.container === 'mp3' ? t('deliver.vastMediaFile', { format }) : format;
  });
}

/** Why a URL cannot be in vast.xml (`vastUrlFault`), in the user's words; never the URL itself (it may hold a token). */
export function vastUrlText(t: Translate, fault: VastUrlFault): string {
  switch (fault.code) {
    case 'too-long':
      return t('deliver.tooLong', { max: fault.max, count: fault.length });
    case 'spaces':
      return t('deliver.vastUrl.spaces');
    case 'not-absolute':
      return t('deliver.vastUrl.notAbsolute');
    case 'scheme':
      return t('deliver.vastUrl.scheme', { scheme: fault.scheme });
    case 'credentials':
      return t('deliver.vastUrl.credentials');
    case 'character':
      return t('deliver.vastUrl.character', { character: fault.character });
    case 'percent':
      return t('deliver.vastUrl.percent');
    case 'hashes':
      return t('deliver.vastUrl.hashes');
    case 'brackets':
      return t('deliver.vastUrl.brackets');
    case 'base-query':
      return t('deliver.vastUrl.baseQuery');
  }
}

/** The figures a source may leave unpublished (`DestinationSource.unpublished`), which have words. */
const FIGURE_KEYS: ReadonlySet<string> = new Set(DESTINATION_FIGURES);

/** The figures no public source sets for this destination, in words; empty when the source sets them all. */
export function unpublishedText(t: Translate, destination: DestinationProfile): string {
  const figures = destination.source.unpublished ?? [];
  if (figures.length === 0) return '';
  const words = figures.map((figure) => (FIGURE_KEYS.has(figure) ? t(`deliver.figure.${figure}` as StringKey) : figure));
  return t('deliver.unpublished', { figures: t.list(words) });
}

/** A delivered file's format: `MP3 128 kbit/s, 44.1 kHz, mono`. */
function formatText(t: Translate, figures: DeliveredFigures): string {
  const codec = figures.bitrateKbps !== undefined ? t('deliver.mp3', { kbps: t.number(figures.bitrateKbps, 0) }) : t('deliver.wav', { depth: figures.bitDepth ?? 16 });
  return [codec, rateText(t, figures.sampleRate), channelsText(t, figures.channels)].join(', ');
}

/** A delivered file's figures as the receipt lists them: its length, its loudness (integrated and true peak), its format. */
export function receiptFacts(t: Translate, figures: DeliveredFigures): { length: string; loudness: string; format: string } {
  return {
    length: t('deliver.seconds', { seconds: t.number(figures.seconds, 2) }),
    loudness: t('deliver.loudnessValue', { lufs: t.level(figures.integrated), dbtp: t.level(figures.truePeak) }),
    format: t('deliver.formatValue', { format: formatText(t, figures), size: sizeText(t, figures.bytes) }),
  };
}

/** The problem codes of `delivery/campaign.ts` (and `codes.ts`) in the user's words. */
export function codeProblemText(t: Translate, problem: { readonly code: string }, value: string, max = 0): string {
  switch (problem.code) {
    case 'campaign-too-long':
      return t('deliver.tooLong', { max, count: value.length });
    case 'ad-id-video-suffix':
      return t('deliver.adIdVideo');
    case 'ad-id-length':
      return t('deliver.adIdLength', { count: value.trim().length });
    case 'ad-id-characters':
      return t('deliver.adIdCharacters');
    case 'ad-id-prefix-zero':
      return t('deliver.adIdPrefix');
    default:
      return t('deliver.isciFormat');
  }
}

/**
 * Why Deliver refused (`review-required`): each version by its name (`versionNames`, by id) and the roles whose
 * fresh approval it lacks, in the user's language.
 */
export function unapprovedText(t: Translate, unapproved: readonly UnapprovedVersion[], versionNames: ReadonlyMap<string, string>): string {
  // Where the host gives review.publicKeys, each decision that does not count says why: "Unverified: …".
  const versions = unapproved.map(({ version, roles, unverified = [] }) =>
    [
      t('deliver.unapprovedVersion', { version: versionNames.get(version) ?? version, roles: t.list(roles) }),
      ...unverified.map((decision) => t('deliver.unverifiedDecision', { label: t(LABEL_KEYS[decision.label]), reviewer: printable(decision.reviewer), unverified: unverifiedWords(t, decision.reason, decision.value) })),
    ].join('; '),
  );
  return t('deliver.unapproved', { versions: versions.join('; ') });
}
