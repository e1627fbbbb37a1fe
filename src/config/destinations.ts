// `config.delivery.destinations`: the destinations a host adds, or gives in place of a built-in of the same id.
// Each profile is checked whole: a refused one names its key path, and nothing of it is used. A chunk of its
// own (with the file-name templates it checks): a config that gives destinations loads it (`./delivery.ts`),
// and it adds its check to `resolveConfig` when it runs.

import { DEFAULT_FILE_NAME_TEMPLATE, DESTINATION_FIGURES, DESTINATION_ID } from '../delivery/destinations.js';
import { TEMPLATE_MAX_LENGTH, templateProblem } from '../delivery/file-name.js';
import { DURATION_LIMITS, TARGET_LIMITS, TRUE_PEAK_LIMITS } from '../delivery/limits.js';
import type { DestinationCodec, DestinationLength, DestinationMetadataField, DestinationProfile, DestinationSource } from '../delivery/types.js';
import { describe, field, httpUrl, number, oneOf, readObject, required, text, type Check } from './checks.js';
import { useDestinationChecks } from './delivery.js';
import { vastSettings } from './vast.js';

/** The most destinations a host gives. */
export const MAX_HOST_DESTINATIONS = 50;

/** The constant bit rates an MP3 (MPEG-1 Layer III, 44.1 and 48 kHz) can have, kbit/s. */
export const MP3_BITRATES = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;

/** Every metadata field a destination's file can carry. */
export const METADATA_FIELDS: readonly DestinationMetadataField[] = ['title', 'advertiser', 'campaign', 'adId', 'isci', 'versionLabel', 'loudness'];

const PROFILE_KEYS = ['id', 'label', 'source', 'codec', 'sampleRate', 'channels', 'loudness', 'tolerance', 'truePeak', 'length', 'maxBytes', 'minTailSilence', 'metadata', 'fileName', 'vast'];

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
    codec: need('codec', codec, 'an object { container: "wav", bitDepth } or { container: "mp3", bitrateKbps }'),
    sampleRate: need('sampleRate', choice([44100, 48000] as const, ' (Hz)'), '44100 or 48000'),
    channels: need('channels', choice([1, 2] as const, ' (mono or stereo)'), '1 or 2'),
    loudness: need('loudness', number(TARGET_LIMITS.min, TARGET_LIMITS.max, 'LUFS'), 'the integrated loudness target, LUFS'),
    tolerance: need('tolerance', number(0.1, 5, 'LU'), 'the allowed deviation from the loudness target, LU'),
    truePeak: need('truePeak', number(TRUE_PEAK_LIMITS.min, TRUE_PEAK_LIMITS.max, 'dBTP'), 'the true-peak ceiling, dBTP'),
    length: need('length', length, 'an object { kind: "exact" } or { kind: "max", maxSeconds }'),
    maxBytes: field(object, 'maxBytes', path, issues, number(1024, 500 * 1024 * 1024, 'bytes', { integer: true }), undefined),
    minTailSilence: field(object, 'minTailSilence', path, issues, number(0, 10, 'seconds'), 0),
    metadata: field(object, 'metadata', path, issues, distinctList(METADATA_FIELDS), [...METADATA_FIELDS]),
    fileName: field(object, 'fileName', path, issues, fileNameTemplate, DEFAULT_FILE_NAME_TEMPLATE),
    vast: field(object, 'vast', path, issues, vastSettings, undefined),
  };
  if (issues.items.length > before) return undefined;
  const { maxBytes, minTailSilence, metadata, fileName, vast, ...head } = profile;
  // Built in the order of the type (and of the built-ins), `maxBytes` and `vast` only when given.
  return {
    ...(head as Pick<DestinationProfile, 'id' | 'label' | 'source' | 'codec' | 'sampleRate' | 'channels' | 'loudness' | 'tolerance' | 'truePeak' | 'length'>),
    ...(maxBytes === undefined ? {} : { maxBytes }),
    minTailSilence,
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
