// `config.delivery.destinations`: the destinations a host adds, or gives in place of a built-in of the same id.
// Each profile is checked whole: a refused one names its key path, and nothing of it is used. A chunk of its
// own (with the file-name templates it checks): a config that gives destinations loads it (`./delivery.ts`),
// and it adds its check to `resolveConfig` when it runs.

import { DEFAULT_FILE_NAME_TEMPLATE, DESTINATION_FIGURES, DESTINATION_ID } from '../delivery/destinations.js';
import { TEMPLATE_MAX_LENGTH, templateProblem } from '../delivery/file-name.js';
import { DURATION_LIMITS, TARGET_LIMITS, TRUE_PEAK_LIMITS } from '../delivery/limits.js';
import { mp3RateProblem } from '../delivery/mp3-rates.js';
import type { DestinationCodec, DestinationLength, DestinationRendition, DestinationMetadataField, DestinationProfile, DestinationSource } from '../delivery/types.js';
import { describe, field, httpUrl, number, oneOf, readObject, required, text, type Check } from './checks.js';
import { useDestinationChecks } from './destination-check-slot.js';
import { vastSettings } from './vast.js';

/** The most destinations a host gives. */
export const MAX_HOST_DESTINATIONS = 50;

/** The constant bit rates an MP3 (MPEG-1 Layer III, 44.1 and 48 kHz) can have, kbit/s. */
export const MP3_BITRATES = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;

/** Every metadata field a destination's file can carry. */
export const METADATA_FIELDS: readonly DestinationMetadataField[] = ['title', 'advertiser', 'campaign', 'adId', 'isci', 'versionLabel', 'loudness'];

const PROFILE_KEYS = ['id', 'label', 'source', 'codec', 'sampleRate', 'channels', 'loudness', 'tolerance', 'truePeak', 'length', 'maxBytes', 'minTailSilence', 'maxWordsPerSecond', 'metadata', 'fileName', 'renditions', 'vast'];

const destinationId: Check<string> = (value, path, issues) =>
  typeof value === 'string' && DESTINATION_ID.test(value)
    ? value
    : issues.add(path, `expected an id of lower-case letters, digits and "-" (at most 40, not starting with "-"), like "radio-x", got ${describe(value)}`);

const choice =
  <T extends number>(choices: readonly T[], unit: string): Check<T> =>
  (value, path, issues) =>
    (choices as readonly unknown[]).includes(value) ? (value as T) : issues.add(path, `expected ${choices.join(' or ')}${unit}, got ${describe(value)}`);

/** An array of distinct members of `choices`. */
const distinctList =
  <T extends string>(choices: readonly T[]): Check<T[]> =>
  (value, path, issues) => {
    if (!Array.isArray(value)) return issues.add(path, `expected an array of ${choices.map((c) => `"${c}"`).join(', ')}, got ${describe(value)}`);
    const list: T[] = [];
    let wrong = false;
    value.forEach((item, index) => {
      const checked = oneOf(choices)(item, `${path}[${index}]`, issues);
      if (checked === undefined) wrong = true;
      else if (list.includes(checked)) {
        wrong = true;
        issues.add(`${path}[${index}]`, `"${checked}" is listed twice`);
      } else list.push(checked);
    });
    return wrong ? undefined : list;
  };

const source: Check<DestinationSource> = (value, path, issues) => {
  const object = readObject(value, path, issues, ['title', 'url', 'unpublished']);
  if (object === undefined) return undefined;
  const before = issues.items.length;
  const title = required(object, 'title', path, issues, text({ max: 200, what: 'a title' }), 'the public document the numbers come from, or words saying there is none');
  const url = field(object, 'url', path, issues, (raw, at, list) => (typeof raw === 'string' && raw.length > 2000 ? list.add(at, `expected at most 2000 characters, got ${raw.length}`) : httpUrl('an absolute http(s) URL')(raw, at, list)), undefined);
  const unpublished = field(object, 'unpublished', path, issues, distinctList(DESTINATION_FIGURES), undefined);
  if (title === undefined || issues.items.length > before) return undefined;
  return { title, ...(url === undefined ? {} : { url }), ...(unpublished === undefined ? {} : { unpublished }) };
};

const codec: Check<DestinationCodec> = (value, path, issues) => {
  const object = readObject(value, path, issues, ['container', 'bitDepth', 'bitrateKbps']);
  const container = required(object, 'container', path, issues, oneOf(['wav', 'mp3'] as const), '"wav" or "mp3"');
  if (container === undefined || object === undefined) return undefined;
  const [own, other] = container === 'wav' ? (['bitDepth', 'bitrateKbps'] as const) : (['bitrateKbps', 'bitDepth'] as const);
  if (object[other] !== undefined) return issues.add(`${path}.${other}`, `is not a setting of ${container === 'wav' ? 'a WAV' : 'an MP3'} file; give ${own}`);
  if (container === 'wav') {
    const bitDepth = required(object, 'bitDepth', path, issues, choice([16, 24] as const, ' (bits)'), '16 or 24');
    return bitDepth === undefined ? undefined : { container, bitDepth };
  }
  const bitrateKbps = required(object, 'bitrateKbps', path, issues, choice(MP3_BITRATES, ' (kbit/s, constant)'), `a constant MP3 bit rate: ${MP3_BITRATES.join(', ')}`);
  return bitrateKbps === undefined ? undefined : { container, bitrateKbps };
};

/** A rendition's id: lower-case letters, digits and `-`, at most 20 characters (it ends the file's name). */
const RENDITION_ID = /^[a-z0-9][a-z0-9-]{0,19}$/;

/** `renditions`: 2 to 6 files of one destination, distinct ids, at most one Mezzanine (a WAV). */
const renditions: Check<DestinationRendition[]> = (value, path, issues) => {
  if (!Array.isArray(value) || value.length < 2 || value.length > 6) {
    return issues.add(path, `expected an array of 2 to 6 renditions { id, codec, mezzanine? }, got ${describe(value)}`);
  }
  const before = issues.items.length;
  const list: DestinationRendition[] = [];
  value.forEach((item, index) => {
    const at = `${path}[${index}]`;
    const object = readObject(item, at, issues, ['id', 'codec', 'channels', 'mezzanine']);
    if (object === undefined) return;
    const id = required(object, 'id', at, issues, (raw, where, found) =>
      typeof raw === 'string' && RENDITION_ID.test(raw) ? raw : found.add(where, `expected lower-case letters, digits and "-" (at most 20), like "128k", got ${describe(raw)}`), 'an id like "128k"');
    const made = required(object, 'codec', at, issues, codec, 'an object { container: "wav", bitDepth } or { container: "mp3", bitrateKbps }');
    const channels = field(object, 'channels', at, issues, choice([1, 2] as const, ' (mono or stereo)'), undefined);
    const mezzanine = field(object, 'mezzanine', at, issues, (raw, where, found) => (typeof raw === 'boolean' ? raw : found.add(where, `expected true or false, got ${describe(raw)}`)), false);
    if (id !== undefined && list.some((other) => other.id === id)) issues.add(`${at}.id`, `"${id}" is listed twice`);
    if (mezzanine && made !== undefined && made.container !== 'wav') issues.add(`${at}.mezzanine`, 'a Mezzanine is the WAV an ad server transcodes from: give it a WAV codec');
    if (id !== undefined && made !== undefined) list.push({ id, codec: made, ...(channels === undefined ? {} : { channels }), ...(mezzanine ? { mezzanine: true } : {}) });
  });
  if (list.filter((rendition) => rendition.mezzanine).length > 1) issues.add(path, 'has more than one Mezzanine: keep one');
  return issues.items.length > before ? undefined : list;
};

const length: Check<DestinationLength> = (value, path, issues) => {
  const object = readObject(value, path, issues, ['kind', 'maxSeconds']);
  const kind = required(object, 'kind', path, issues, oneOf(['exact', 'max'] as const), '"exact" (the ad\'s own length) or "max" with maxSeconds');
  if (kind === undefined || object === undefined) return undefined;
  if (kind === 'exact') return object['maxSeconds'] === undefined ? { kind } : issues.add(`${path}.maxSeconds`, 'is only for kind "max"');
  const maxSeconds = required(object, 'maxSeconds', path, issues, number(DURATION_LIMITS.min, DURATION_LIMITS.max, 'seconds'), 'the longest the file may be, in seconds');
  return maxSeconds === undefined ? undefined : { kind, maxSeconds };
};

const fileNameTemplate: Check<string> = (value, path, issues) => {
  const template = text({ max: TEMPLATE_MAX_LENGTH, what: 'a file-name template' })(value, path, issues);
  if (template === undefined) return undefined;
  const problem = templateProblem(template);
  return problem === null ? template : issues.add(path, problem.message);
};

/**
 * One destination profile, whole; `undefined` (with its issues) when any part is wrong. `minTailSilence`
 * (default 0), `metadata` (default every field), `fileName` (default template), `maxBytes` and `vast` (default
 * none) may be left out; everything else is required.
 */
export const destinationProfile: Check<DestinationProfile> = (value, path, issues) => {
  const object = readObject(value, path, issues, PROFILE_KEYS);
  if (object === undefined) return undefined;
  const before = issues.items.length;
  const need = <T>(key: string, check: Check<T>, what: string) => required(object, key, path, issues, check, what);
  const profile = {
    id: need('id', destinationId, 'an id like "radio-x"'),
    label: need('label', text({ max: 80, what: 'a label' }), 'the name the Deliver panel shows'),
    source: need('source', source, 'an object { title, url?, unpublished? } naming where the numbers come from'),
    // With renditions, the codec is the first's (and may be left out).
    codec: object['renditions'] !== undefined && object['codec'] === undefined ? undefined : need('codec', codec, 'an object { container: "wav", bitDepth } or { container: "mp3", bitrateKbps }'),
    renditions: field(object, 'renditions', path, issues, renditions, undefined),
    sampleRate: need('sampleRate', choice([44100, 48000] as const, ' (Hz)'), '44100 or 48000'),
    channels: need('channels', choice([1, 2] as const, ' (mono or stereo)'), '1 or 2'),
    loudness: need('loudness', number(TARGET_LIMITS.min, TARGET_LIMITS.max, 'LUFS'), 'the integrated loudness target, LUFS'),
    tolerance: need('tolerance', number(0.1, 5, 'LU'), 'the allowed deviation from the loudness target, LU'),
    truePeak: need('truePeak', number(TRUE_PEAK_LIMITS.min, TRUE_PEAK_LIMITS.max, 'dBTP'), 'the true-peak ceiling, dBTP'),
    length: need('length', length, 'an object { kind: "exact" } or { kind: "max", maxSeconds }'),
    maxBytes: field(object, 'maxBytes', path, issues, number(1024, 500 * 1024 * 1024, 'bytes', { integer: true }), undefined),
    minTailSilence: field(object, 'minTailSilence', path, issues, number(0, 10, 'seconds'), 0),
    maxWordsPerSecond: field(object, 'maxWordsPerSecond', path, issues, number(0.5, 10, 'words a second'), undefined),
    metadata: field(object, 'metadata', path, issues, distinctList(METADATA_FIELDS), [...METADATA_FIELDS]),
    fileName: field(object, 'fileName', path, issues, fileNameTemplate, DEFAULT_FILE_NAME_TEMPLATE),
    vast: field(object, 'vast', path, issues, vastSettings, undefined),
  };
  // An MP3 the encoder would make at a lower sample rate than the profile's is refused where it is given.
  if (profile.sampleRate !== undefined && profile.channels !== undefined) {
    const rate = profile.sampleRate;
    const mp3 = (made: DestinationCodec | undefined, channels: 1 | 2, at: string) => {
      const problem = made?.container === 'mp3' ? mp3RateProblem(made.bitrateKbps, rate, channels) : null;
      if (problem !== null) issues.add(at, problem);
    };
    if (profile.renditions === undefined) mp3(profile.codec, profile.channels, `${path}.codec.bitrateKbps`);
    profile.renditions?.forEach((rendition, index) => mp3(rendition.codec, rendition.channels ?? profile.channels!, `${path}.renditions[${index}].codec.bitrateKbps`));
  }
  // VAST 4.1 serves MP3s (MediaFile) and transcodes from a Mezzanine: a VAST destination is made of renditions.
  const served = profile.renditions?.filter((rendition) => !rendition.mezzanine && rendition.codec.container === 'mp3') ?? [];
  if (profile.vast !== undefined && (served.length === 0 || !profile.renditions?.some((rendition) => rendition.mezzanine))) {
    issues.add(`${path}.vast`, 'needs renditions: at least one MP3 to serve and a WAV Mezzanine (as the built-in "vast-audio" has)');
  }
  if (issues.items.length > before) return undefined;
  const { id, label, source: from, codec: given, renditions: files, maxBytes, minTailSilence, maxWordsPerSecond, metadata, fileName, vast, ...figures } = profile as typeof profile & Pick<DestinationProfile, 'id' | 'label' | 'source'>;
  // Built in the order of the type (and of the built-ins): with renditions, the codec is the first's; `maxBytes` and `vast` only when given.
  return {
    id,
    label,
    source: from,
    codec: files === undefined ? given! : files[0]!.codec,
    ...(files === undefined ? {} : { renditions: files }),
    ...(figures as Pick<DestinationProfile, 'sampleRate' | 'channels' | 'loudness' | 'tolerance' | 'truePeak' | 'length'>),
    ...(maxBytes === undefined ? {} : { maxBytes }),
    minTailSilence,
    ...(maxWordsPerSecond === undefined ? {} : { maxWordsPerSecond }),
    metadata,
    fileName,
    ...(vast === undefined ? {} : { vast }),
  };
};

/** `config.delivery.destinations`: an array of profiles with distinct ids. */
export const hostDestinations: Check<DestinationProfile[]> = (value, path, issues) => {
  if (!Array.isArray(value)) return issues.add(path, `expected an array of destination profiles, got ${describe(value)}`);
  if (value.length > MAX_HOST_DESTINATIONS) return issues.add(path, `expected at most ${MAX_HOST_DESTINATIONS} destinations, got ${value.length}`);
  const profiles: DestinationProfile[] = [];
  const firstOf = new Map<string, number>();
  value.forEach((item, index) => {
    const at = `${path}[${index}]`;
    const profile = destinationProfile(item, at, issues);
    if (profile === undefined) return;
    const first = firstOf.get(profile.id);
    if (first !== undefined) {
      issues.add(`${at}.id`, `"${profile.id}" is also the id of ${path}[${first}]; each destination has its own id`);
      return;
    }
    firstOf.set(profile.id, index);
    profiles.push(profile);
  });
  return profiles;
};

useDestinationChecks(hostDestinations);
