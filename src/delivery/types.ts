// The shapes of delivery: a destination's spec sheet, the campaign fields every delivered file carries, and
// what a delivery reports (the manifest). Pure data: no DOM, no audio; config, model and audio read them.

import type { VastProfile } from './vast.js';

/** A delivered file's container and codec. */
export type DestinationCodec =
  | { readonly container: 'wav'; readonly bitDepth: 16 | 24 }
  | { readonly container: 'mp3'; readonly bitrateKbps: number };

/**
 * One of several files a destination makes from one master target (VAST's three MP3s and its Mezzanine): its own
 * codec; everything else is the destination's. Each is a file of its own, checked against the destination's rules.
 */
export interface DestinationRendition {
  /** Lower-case letters, digits and `-`, at most 20 characters: added to the file's name (`_192k`) and its id in the manifest. */
  readonly id: string;
  readonly codec: DestinationCodec;
  /** Its channels, where they are not the destination's (a 64 kbit/s MP3 keeps 44.1 kHz in mono only). */
  readonly channels?: 1 | 2;
  /** The Mezzanine of VAST 4.1 §3.9.2: the best file, for an ad server to transcode from; never served itself. */
  readonly mezzanine?: boolean;
}

/** Where a destination's numbers come from. `unpublished` names the figures no public source sets. */
export interface DestinationSource {
  /** The public document, by title (and edition or date). */
  readonly title: string;
  /** Its address, where it has one. */
  readonly url?: string;
  /** Figures of this profile that the source does not publish, and so are common practice here (e.g. `['maxBytes']`). */
  readonly unpublished?: readonly string[];
}

/** How long a destination's file must be: exactly the ad's booked length, or at most `maxSeconds`. */
export type DestinationLength = { readonly kind: 'exact' } | { readonly kind: 'max'; readonly maxSeconds: number };

/** The metadata a destination's file carries. */
export type DestinationMetadataField = 'title' | 'advertiser' | 'campaign' | 'adId' | 'isci' | 'versionLabel' | 'loudness';

/** A destination's spec sheet: what its file must be, and where those numbers come from. */
export interface DestinationProfile {
  /** Lower-case letters, digits and `-`, at most 40 characters. */
  readonly id: string;
  /** What the UI shows, at most 80 characters. */
  readonly label: string;
  readonly source: DestinationSource;
  /** The file's codec; with `renditions`, that of the first. */
  readonly codec: DestinationCodec;
  /**
   * Several files of this destination, one per rendition (at least 2, at most 6), each with its own codec
   * (`expandRenditions` makes a profile of each). Absent: one file, of `codec`.
   */
  readonly renditions?: readonly DestinationRendition[];
  /** On a profile `expandRenditions` made: the rendition this file is (its id). */
  readonly rendition?: string;
  readonly sampleRate: 44100 | 48000;
  readonly channels: 1 | 2;
  /** Integrated loudness target, LUFS (-40 to -5). */
  readonly loudness: number;
  /** Allowed deviation from `loudness`, LU (0.1 to 5). */
  readonly tolerance: number;
  /** Highest allowed true peak, dBTP (-9 to 0). */
  readonly truePeak: number;
  readonly length: DestinationLength;
  /** Largest file, bytes; absent where the destination sets none. */
  readonly maxBytes?: number;
  /** Least silence at the end of the file, seconds (0 where none is asked). */
  readonly minTailSilence: number;
  /**
   * The most words a second the sheet accepts (0.5 to 10): above it, a read is a problem for the ad, its versions
   * and every feed row (src/rules/pace.ts), and a delivered file of it fails (src/rules/file.ts). Absent (every
   * built-in): Amazon's advice of 3, a warning.
   */
  readonly maxWordsPerSecond?: number;
  readonly metadata: readonly DestinationMetadataField[];
  /**
   * The file name without its extension. Placeholders: `{advertiser}`, `{title}`, `{campaign}`, `{length}`,
   * `{destination}`, `{adId}`, `{isci}`, `{version}`, `{date}`. Default `{advertiser}_{title}_{length}s_{destination}_{adId}`.
   */
  readonly fileName: string;
  /**
   * VAST: a `vast.xml` beside each delivered version's files (`./vast.ts` writes it), a VAST 4.1 InLine audio ad
   * whose MediaFiles are the MP3 renditions and whose Mezzanine is the WAV one, at `mediaBaseUrl` plus each file's
   * name. The host serves the files there; the editor never uploads them. Without `mediaBaseUrl` here the
   * delivery gives it (`deliver({ vast })`, the Deliver panel). Needs `renditions`: at least one MP3 and one
   * Mezzanine. Absent: no VAST.
   */
  readonly vast?: VastProfile;
}

/** The campaign fields of a project: they travel with the ad into every delivered file. Empty strings when unset. */
export interface CampaignFields {
  readonly advertiser: string;
  /** The campaign or the product. */
  readonly campaign: string;
  /** An Ad-ID: 11 characters, a 4-character prefix (letters or digits, not starting with 0), then 7 letters or digits. */
  readonly adId: string;
  /** A legacy ISCI code: 4 letters, 4 digits. */
  readonly isci: string;
  /** The version's label (":30 main", "Alt CTA"). */
  readonly versionLabel: string;
  /**
   * The copy clearance number that travels with the spot (a Radiocentre clearance, at most 40 characters); empty
   * or absent: none. In the manifest's campaign, the report, and each WAV's `bext` Description.
   */
  readonly clearance?: string;
}

/** One rule of a destination checked against a delivered file. */
export interface DeliveryRuleResult {
  /** The rule's id in the judge's catalog (src/rules/catalog.ts); `words-per-second` only where the sheet sets `maxWordsPerSecond`. */
  readonly rule: 'loudness' | 'truePeak' | 'length' | 'maxBytes' | 'tailSilence' | 'speech' | 'words-per-second';
  readonly pass: boolean;
  /** The file's figure, in the rule's unit. */
  readonly measured: number;
  /** What the destination asks, in words ("-16 ±1 LUFS"). */
  readonly required: string;
  /** How to fix a failure, in the user's words ("Shorten the ad to 30 s"); absent when it passes. */
  readonly fix?: string;
}

/** A delivered file's measurement, taken from the file as written (decoded again). */
export interface DeliveredFigures {
  readonly samples: number;
  readonly seconds: number;
  readonly sampleRate: number;
  readonly channels: number;
  readonly bitDepth?: number;
  readonly bitrateKbps?: number;
  readonly bytes: number;
  readonly sha256: string;
  readonly integrated: number;
  readonly range: number;
  readonly truePeak: number;
  readonly samplePeak: number;
  /** DC offset, as a fraction of full scale, the largest of the channels. */
  readonly dc: number;
  /** Silence at the end, seconds (below -60 dBFS). */
  readonly tailSilence: number;
  /** Short-term loudness (3 s window, LUFS) every `step` seconds, for the report's drawing. */
  readonly shortTerm: { readonly step: number; readonly values: readonly number[] };
}

/** One file of a delivery, as the manifest lists it. */
export interface DeliveredFile {
  readonly fileName: string;
  readonly destination: DestinationProfile;
  readonly figures: DeliveredFigures;
  readonly rules: readonly DeliveryRuleResult[];
  readonly pass: boolean;
  /** A failed file the user chose to include anyway. */
  readonly includedAnyway?: boolean;
  /** The id of the version it is a file of (`manifest.versions`). */
  readonly version?: string;
  /** The key of the feed's row it is a file of (`manifest.feed.rows`). */
  readonly row?: string;
}

/** One delivered version, as the manifest lists it. */
export interface ManifestVersion {
  readonly id: string;
  /** Its label; empty when it has none (it is then called by its length, `:15`). */
  readonly label: string;
  readonly seconds: number;
  readonly adId: string;
  readonly isci: string;
  /** The content hash of the version as delivered (docs/review.md); absent in a manifest made before reviews. */
  readonly contentHash?: string;
  /** Every review decision on the version, in the order made; absent in a manifest made before reviews. */
  readonly decisions?: readonly ManifestDecision[];
}

/** A review decision on a delivered version, as the manifest names it. */
export interface ManifestDecision {
  /** The decision's id in the project (absent in a manifest made before signed decisions). */
  readonly id?: string;
  readonly reviewer: { readonly id: string; readonly name: string; readonly role?: string };
  /** ISO 8601. */
  readonly at: string;
  readonly label: 'approved' | 'approved-with-changes' | 'changes-required';
  readonly note?: string;
  /** The content hash decided on. */
  readonly contentHash: string;
  /** Whether it is the delivered version's (`ManifestVersion.contentHash`): false for a stale decision. */
  readonly fresh: boolean;
  /** The host's signature of the decision (`review.sign`), a compact JWS; absent when unsigned. */
  readonly jws?: string;
  /** The id of the key that signed it (the JWS header's `kid`), to find it in the host's JWKS; absent when unsigned or unnamed. */
  readonly kid?: string;
}

/** `manifest.json` of a delivery ZIP; its JSON Schema is `docs/delivery-manifest.schema.json`. */
export interface DeliveryManifest {
  readonly schema: 'service-studio-editor/delivery-manifest@1';
  readonly editorVersion: string;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly project: { readonly projectId: string; readonly title: string; readonly seconds: number };
  readonly campaign: CampaignFields;
  /**
   * Every version delivered (issue 29), in the project's order: its id, label, length and the codes its
   * files carry (its own, or the campaign's). Absent in a manifest made before versions.
   */
  readonly versions?: readonly ManifestVersion[];
  readonly files: readonly DeliveredFile[];
  /** Destinations that failed and were left out, with their rules. */
  readonly excluded: readonly DeliveredFile[];
  readonly stems: readonly { readonly fileName: string; readonly stem: 'voice' | 'music'; readonly figures: DeliveredFigures; readonly version?: string }[];
  /** The voices and music of the ad, as the service described them. */
  readonly assets: readonly unknown[];
  /** Credits the project's operations used, as the service reported them. */
  readonly credits: number | null;
  /** A feed's delivery (one ad a row): every row of the run, delivered or failed. Absent otherwise. */
  readonly feed?: FeedManifestPart;
  /** The `vast.xml` of each VAST destination of each version (and row) delivered. Absent without VAST destinations. */
  readonly vast?: readonly VastManifestEntry[];
  /** The captions (WebVTT) and the transcript of each version (and row) delivered, when it has words. */
  readonly captions?: readonly CaptionsManifestEntry[];
}

/**
 * One VAST document of a delivery (`manifest.vast`): where it is, what it is of, and the editor's check of it
 * (the VAST 4.1 rules `checkVastInput` applies: every URL, the Ad-ID, the length, the files; the test suite
 * validates the same writer's documents against the IAB's XSD with xmllint).
 */
export interface VastManifestEntry {
  /** Its path in the ZIP (`vast.xml`, `<key>/vast.xml`, `vast_v2.xml`). */
  readonly fileName: string;
  readonly destination: string;
  readonly version: string;
  readonly row?: string;
  /** The paths of the files it points at (MediaFiles and the Mezzanine). */
  readonly files: readonly string[];
  /** Whether it is in the ZIP: not when a file it would point at failed its rules, or the check failed. */
  readonly written: boolean;
  readonly valid: boolean;
  /** Why it is not valid or not written, in words; empty when it is both. */
  readonly problems: readonly string[];
}

/** What one row of a feed became, in the manifest (`manifest.feed.rows`). */
export interface FeedRowOutcome {
  readonly key: string;
  /** The row counted from 1 after the header, as in the Feed panel's grid and the import's messages. */
  readonly row: number;
  /** Each slot's value, by slot name. */
  readonly values: Readonly<Record<string, string>>;
  readonly status: 'delivered' | 'failed';
  /** Why a failed row failed, in words, its first failure first; empty for a delivered row. */
  readonly reasons: readonly string[];
  /**
   * What may sound wrong in a row that is delivered (or failed for other reasons), in words: a fast read, words a
   * second over the advice (the same words the ad gets). Absent in a manifest made before the one judge.
   */
  readonly warnings?: readonly string[];
  /** The voice-over asset ids of the row's takes, in script order (of each version delivered, in turn). */
  readonly assets: readonly string[];
  /** The names of the row's files in the ZIP (`<key>/<file>`): its audio, its vast.xml, its captions and transcript. */
  readonly files: readonly string[];
  /** Words a second of the row's speech, as voiced (the longest of its versions); `null` before any take. */
  readonly wordsPerSecond: number | null;
}

/** The feed's part of a delivery manifest. */
export interface FeedManifestPart {
  /** The key column. */
  readonly key: string;
  readonly rows: readonly FeedRowOutcome[];
  /** Voice-over requests made for the run, and takes reused (the template's, or another row's with the same text). */
  readonly takes: { readonly voiced: number; readonly reused: number };
}

/** The captions and the transcript of one delivered version (or row), in the manifest (`manifest.captions`). */
export interface CaptionsManifestEntry {
  readonly version: string;
  readonly row?: string;
  /** The WebVTT file's name in the ZIP. */
  readonly captions: string;
  /** The plain-text transcript's name in the ZIP. */
  readonly transcript: string;
  /** The voice's language (BCP 47), when the service named it. */
  readonly language?: string;
  /** Words captioned. */
  readonly words: number;
  /** Whether every word is placed by the service's word timings; `false`: some are estimated over their clip. */
  readonly timed: boolean;
}
