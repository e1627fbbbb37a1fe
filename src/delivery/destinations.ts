// The built-in destinations: each one's spec sheet, its public source, and the figures no source publishes.
// Loudness numbers come from the mastering presets (./presets.ts) where they match.

import { DELIVERY_PRESETS } from './presets.js';
import type { DestinationProfile } from './types.js';

/**
 * The file-name template of a destination that sets none (`./file-name.ts` makes the names; it is here so
 * that the built-ins need none of that module, which loads with Deliver and the checks of host destinations).
 */
export const DEFAULT_FILE_NAME_TEMPLATE = '{advertiser}_{title}_{length}s_{destination}_{adId}';

/** The figures of a profile that a source may or may not publish: the names `DestinationSource.unpublished` uses. */
export const DESTINATION_FIGURES = ['codec', 'sampleRate', 'channels', 'loudness', 'tolerance', 'truePeak', 'length', 'maxBytes', 'minTailSilence'] as const;

/** One figure of a destination profile. */
export type DestinationFigure = (typeof DESTINATION_FIGURES)[number];

const { streaming, podcast } = DELIVERY_PRESETS;
const ebu = DELIVERY_PRESETS['ebu-r128'];
const atsc = DELIVERY_PRESETS['atsc-a85'];

const EVERYTHING = ['title', 'advertiser', 'campaign', 'adId', 'isci', 'versionLabel', 'loudness'] as const;

/**
 * The destinations every editor knows, in the order the Deliver panel lists them. A host adds to them or
 * replaces one in `config.delivery.destinations` (see `mergeDestinations`). Made and frozen here, touching
 * nothing else: marked pure, so that a bundler drops them where they are unused.
 */
export const BUILTIN_DESTINATIONS: readonly DestinationProfile[] = /* @__PURE__ */ Object.freeze(
  [
    {
      id: 'streaming',
      label: 'Streaming audio',
      source: {
        title: 'Spotify Advertising: audio ad specs and requirements',
        url: 'https://ads.spotify.com/en-US/ad-experiences/audio-ads-specs/',
        unpublished: ['tolerance'],
      },
      codec: { container: 'mp3', bitrateKbps: 192 },
      sampleRate: 44100,
      channels: 2,
      loudness: streaming.integrated,
      tolerance: streaming.tolerance,
      truePeak: streaming.truePeak,
      length: { kind: 'max', maxSeconds: 30 },
      maxBytes: 1_000_000,
      minTailSilence: 0,
      metadata: ['title', 'advertiser', 'campaign', 'adId', 'loudness'],
      fileName: DEFAULT_FILE_NAME_TEMPLATE,
    },
    {
      id: 'podcast',
      label: 'Podcast ad insertion',
      source: {
        title: 'PRX Help Center: How should I produce my ads?',
        url: 'https://help.prx.org/hc/en-us/articles/360025219754-How-should-I-produce-my-ads-',
        unpublished: ['tolerance', 'truePeak', 'length'],
      },
      codec: { container: 'mp3', bitrateKbps: 128 },
      sampleRate: 44100,
      channels: 1,
      loudness: podcast.integrated,
      tolerance: podcast.tolerance,
      truePeak: podcast.truePeak,
      length: { kind: 'max', maxSeconds: 60 },
      maxBytes: 1_000_000,
      minTailSilence: 0.5,
      metadata: ['title', 'advertiser', 'campaign', 'adId', 'loudness'],
      fileName: DEFAULT_FILE_NAME_TEMPLATE,
    },
    {
      id: 'broadcast-ebu-r128',
      label: 'Broadcast, EBU R 128',
      source: {
        title: 'EBU R 128, with R 128 s1 for advertisements and other short-form content',
        url: 'https://tech.ebu.ch/publications/r128s1',
        unpublished: ['codec', 'sampleRate', 'channels', 'length'],
      },
      codec: { container: 'wav', bitDepth: 24 },
      sampleRate: 48000,
      channels: 2,
      loudness: ebu.integrated,
      tolerance: ebu.tolerance,
      truePeak: ebu.truePeak,
      length: { kind: 'exact' },
      minTailSilence: 0,
      metadata: EVERYTHING,
      fileName: '{adId}_{advertiser}_{title}_{length}s_{version}_ebu-r128',
    },
    {
      id: 'broadcast-atsc-a85',
      label: 'Broadcast, ATSC A/85',
      source: {
        title: 'ATSC A/85:2013 (as the US CALM Act references it)',
        url: 'https://www.atsc.org/atsc-documents/a85-techniques-for-establishing-and-maintaining-audio-loudness-for-digital-television/',
        unpublished: ['codec', 'sampleRate', 'channels', 'length'],
      },
      codec: { container: 'wav', bitDepth: 24 },
      sampleRate: 48000,
      channels: 2,
      loudness: atsc.integrated,
      tolerance: atsc.tolerance,
      truePeak: atsc.truePeak,
      length: { kind: 'exact' },
      minTailSilence: 0,
      metadata: EVERYTHING,
      fileName: '{adId}_{advertiser}_{title}_{length}s_{version}_atsc-a85',
    },
    {
      id: 'vast-audio',
      label: 'VAST 4.1 audio ad (ad servers)',
      source: {
        title: 'IAB Tech Lab, VAST 4.1: audio ads (§2.3.3), media files in three qualities (§3.9) and the Mezzanine (§3.9.2)',
        url: 'https://iabtechlab.com/standards/vast/',
        unpublished: ['sampleRate', 'channels', 'loudness', 'tolerance', 'truePeak', 'length'],
      },
      codec: { container: 'mp3', bitrateKbps: 192 },
      renditions: [
        { id: '192k', codec: { container: 'mp3', bitrateKbps: 192 } },
        { id: '128k', codec: { container: 'mp3', bitrateKbps: 128 } },
        // 64 kbit/s keeps 44.1 kHz in mono only (LAME resamples a stereo one to 24 kHz): speech reads well in mono.
        { id: '64k', codec: { container: 'mp3', bitrateKbps: 64 }, channels: 1 },
        { id: 'mezzanine', codec: { container: 'wav', bitDepth: 24 }, mezzanine: true },
      ],
      sampleRate: 44100,
      channels: 2,
      loudness: podcast.integrated,
      tolerance: podcast.tolerance,
      truePeak: podcast.truePeak,
      length: { kind: 'exact' },
      minTailSilence: 0,
      metadata: ['title', 'advertiser', 'campaign', 'adId', 'versionLabel', 'loudness'],
      fileName: '{advertiser}_{title}_{length}s_{version}_{adId}',
      // Where the files will be served is the host's (or the user's, in the Deliver panel) to say.
      vast: {},
    },
    {
      id: 'client-approval',
      label: 'Client approval (small MP3)',
      source: {
        title: 'None: a small copy for the client to listen to, at podcast loudness',
        unpublished: ['codec', 'sampleRate', 'channels', 'loudness', 'tolerance', 'truePeak', 'length'],
      },
      codec: { container: 'mp3', bitrateKbps: 128 },
      sampleRate: 44100,
      channels: 2,
      loudness: podcast.integrated,
      tolerance: podcast.tolerance,
      truePeak: podcast.truePeak,
      length: { kind: 'exact' },
      minTailSilence: 0,
      metadata: ['title', 'advertiser', 'campaign', 'adId', 'versionLabel', 'loudness'],
      fileName: '{advertiser}_{title}_{length}s_{version}_approval',
    },
  ].map((profile) => deepFreeze(profile as DestinationProfile)),
);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** What a destination id is: lower-case letters, digits and `-`, at most 40 characters, not starting with `-`. */
export const DESTINATION_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The destinations a new project has chosen in the Deliver panel: the streaming file and the client's copy. */
export const DEFAULT_DELIVERY_DESTINATIONS: readonly string[] = Object.freeze(['streaming', 'client-approval']);


/** The destination of `id` among `destinations` (the built-ins by default), or `undefined`. */
export function destinationById(id: string, destinations: readonly DestinationProfile[] = BUILTIN_DESTINATIONS): DestinationProfile | undefined {
  return destinations.find((profile) => profile.id === id);
}

/**
 * The destinations a host's config makes: the built-ins in their order, each one whose id the host gives
 * REPLACED whole by the host's profile (not merged field by field: a profile's numbers and the source that
 * names them go together, so a host changing a number names its own source), then the host's new ones in
 * the host's order. Host ids are unique (the config refuses duplicates); a repeated one keeps the last.
 */
export function mergeDestinations(builtins: readonly DestinationProfile[], hostOverrides: readonly DestinationProfile[]): DestinationProfile[] {
  const byId = new Map(hostOverrides.map((profile) => [profile.id, profile]));
  const merged = builtins.map((profile) => byId.get(profile.id) ?? profile);
  const builtinIds = new Set(builtins.map((profile) => profile.id));
  for (const profile of byId.values()) if (!builtinIds.has(profile.id)) merged.push(profile);
  return merged;
}
