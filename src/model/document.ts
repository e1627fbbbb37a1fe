import type { AssetMetadata, MusicDetails, Recommendation, Usage, VoiceDetails } from '../api/contract.js';
import type { ExportFormat } from '../config/types.js';
import { DEFAULT_DELIVERY_DESTINATIONS } from '../delivery/destinations.js';
import { presetNumbers, type DeliveryPresetId } from '../delivery/presets.js';
import type { CampaignFields } from '../delivery/types.js';
import type { PronunciationEntry } from '../brand/pronunciations.js';
import type { Feed, SlotDefinition } from '../feed/types.js';

export type { CampaignFields, Feed, SlotDefinition };

/** The schema version this editor writes. Older documents are migrated on load; newer ones are refused. */
export const SCHEMA_VERSION = 9;

/**
 * A lock a creator set on a part of the ad (schema 6): in the adopter role (`tools.role`), the part cannot
 * change. `lockReason` is shown to the adopter ("Legal disclaimer: required by the station").
 */
export interface Lockable {
  /** Present and `true` on a locked part; absent otherwise. */
  readonly locked?: true;
  /** Why it is locked, in the creator's words (at most 200 characters). */
  readonly lockReason?: string;
}

/** A lock on a setting of the whole project: present means locked (schema 6). */
export interface ProjectLock {
  /** Why it is locked (at most 200 characters). */
  readonly reason?: string;
}

/**
 * The project's locks on its settings (schema 6): `duration`, every version's length (an adopter cannot
 * stretch a :30 the station sold, nor make a version of another length); `delivery`, the mastering preset and
 * target, the export format and the Deliver panel's destinations.
 */
export interface ProjectLocks {
  readonly duration?: ProjectLock;
  readonly delivery?: ProjectLock;
}

/**
 * How the voice must say a word or phrase (schema 6): `text` as written in the script, `say` as the voice
 * should read it ("acme-coffee.com" -> "acme coffee dot com"). See `brand/pronunciations.ts`.
 */
export type Pronunciation = PronunciationEntry;

/** One part of the script (hook, body, call to action). `voice` is a voice id, set only per section. */
export interface ProjectSection extends Lockable {
  readonly id: string;
  readonly label: string;
  readonly text: string;
  /** Voice id for this section; absent means the project's voice. */
  readonly voice?: string;
}

/** What a voice-over clip was rendered from, so only changed sections are rendered again. */
export interface ClipSource {
  readonly text: string;
  readonly voice: string;
  readonly speed: number;
  /**
   * The pronunciation entries that applied to `text` when it was voiced (schema 6; absent: none). A take is
   * stale when the entries that apply to its text now differ.
   */
  readonly pronunciations?: readonly Pronunciation[];
  /**
   * The SSML it was voiced from, when its section had direction (schema 9; absent: none, `text` alone was sent).
   * A take is stale when its section's direction changes, though its words do not.
   */
  readonly ssml?: string;
}

/** A voice-over clip on the timeline. Times in seconds, levels in dB. */
export interface VoiceClip extends Lockable {
  readonly id: string;
  /** The script section it voices, or `null` for a free clip. */
  readonly sectionId: string | null;
  /** `asset_id` of the asset in `assets` (metadata exactly as the service returned it). */
  readonly assetId: string;
  /** Where the audio is fetched from. */
  readonly url: string;
  /** Position on the timeline. */
  readonly start: number;
  readonly gain: number;
  /** Seconds cut from the start and from the end of the asset. */
  readonly trimIn: number;
  readonly trimOut: number;
  readonly fadeIn: number;
  readonly fadeOut: number;
  /** Text, voice and speed it was rendered from; `null` when unknown (an upload). */
  readonly source: ClipSource | null;
}

/** The music bed under the voice. */
export interface MusicBed extends Lockable {
  /** Track details as the service returned them, or `null` for an uploaded file. */
  readonly track: MusicDetails | null;
  /** `asset_id` when the bed is a service asset. */
  readonly assetId: string | null;
  /** Where the audio is fetched from; `null` until the track is resolved in the music library. */
  readonly url: string | null;
  /** Bed gain in dB. */
  readonly gain: number;
  /** Where in the track playback starts, in seconds. */
  readonly offset: number;
  /** `true`: loop to the ad length; `false`: play once, trimmed to the ad length. */
  readonly loop: boolean;
  readonly fadeIn: number;
  readonly fadeOut: number;
}

/** Bus levels and ducking of the music under the voice. */
export interface MixSettings {
  /** Voice bus level, dB. */
  readonly voiceLevel: number;
  /** Music bus level, dB. */
  readonly musicLevel: number;
  /** How far the music is lowered under the voice, dB (0 to 40; 0 = no ducking). */
  readonly duckingDepth: number;
  readonly duckingAttackMs: number;
  readonly duckingReleaseMs: number;
}

/** Mute and solo of one track of the timeline. */
export interface TrackState {
  readonly muted: boolean;
  readonly solo: boolean;
}

/** The timeline's tracks: the voice clips and the music bed. */
export type TrackId = 'voice' | 'music';

/**
 * Mute and solo per track. They change what plays and what is exported (the preview is the export): a
 * muted track is silent; while any track is soloed, only soloed tracks play (mute wins over solo).
 */
export type TrackSettings = Readonly<Record<TrackId, TrackState>>;

/** Whether `track` is heard under `tracks`' mute and solo. */
export function isAudible(tracks: TrackSettings, track: TrackId): boolean {
  const soloed = tracks.voice.solo || tracks.music.solo;
  return !tracks[track].muted && (!soloed || tracks[track].solo);
}

/** Every track heard: neither muted nor soloed. */
export const DEFAULT_TRACKS: TrackSettings = { voice: { muted: false, solo: false }, music: { muted: false, solo: false } };

/**
 * Loudness target of the master. `target` (LUFS) and `truePeak` (dBTP) are the preset's numbers, or the user's for `custom`.
 * `enabled`: `false` bypasses mastering (the raw mix plays and is exported), keeping the chosen target.
 */
export interface MasteringSettings {
  readonly enabled: boolean;
  readonly preset: DeliveryPresetId;
  readonly target: number;
  readonly truePeak: number;
}

/** The file delivered on export, and what the Deliver panel delivers. */
export interface DeliverySettings {
  readonly format: ExportFormat;
  readonly sampleRate: 44100 | 48000;
  /**
   * Ids of the destinations chosen in the Deliver panel (schema 5), distinct, in the order chosen. An id the
   * config does not know (a draft from another host) is kept and not delivered. New projects: `streaming`
   * and `client-approval`.
   */
  readonly destinations: readonly string[];
  /** Deliver the voice-only and music-only stems too (schema 5). */
  readonly stems: boolean;
}

/** The voice of the whole ad. */
export interface VoiceSettings {
  /** Voice id, or `null` before one is chosen. */
  readonly voice: string | null;
  /** Voice details as the service returned them, when known. */
  readonly details: VoiceDetails | null;
  readonly speed: number;
  readonly mode: 'single' | 'per-section';
  /**
   * The read speed the user chose to keep ("Keep it" on the warning of a read faster than 1.10x), so the
   * warning stays dismissed for this version's takes up to that speed. Absent: not kept.
   */
  readonly keptSpeed?: number;
}

/** Usage figures of one operation, exactly as received. */
export interface UsageEntry {
  readonly operation: string;
  /** ISO 8601 time of receipt; `''` in records of earlier versions. */
  readonly at: string;
  /**
   * ISO 8601 time the operation was started. With `at`, it tells which operations were in flight together, whose
   * records may arrive in another order than their charges (`creditsOf`). Absent in records of earlier versions.
   */
  readonly sent?: string;
  readonly usage: Usage;
}

/**
 * What each version of the ad has of its own (schema 6): its length, voice, script, takes and bed placement.
 * The open version's content is the document's own fields of these names; the others are parked in `versions`.
 */
export interface VersionContent {
  readonly duration: number;
  readonly voice: VoiceSettings;
  readonly script: { readonly sections: readonly ProjectSection[] };
  readonly clips: readonly VoiceClip[];
  readonly music: MusicBed | null;
}

/** The fields of `VersionContent`, in document order. */
export const VERSION_FIELDS = ['duration', 'voice', 'script', 'clips', 'music'] as const satisfies readonly (keyof VersionContent)[];

/**
 * One version of the ad (schema 6): a cutdown (:15 of a :30) or an alternate (another voice, call to action or
 * bed). Versions share the campaign fields, destinations, mastering, mix, brand locks and pronunciations.
 */
export interface ProjectVersion {
  /** Distinct within the project (`v1`, `v2`...). */
  readonly id: string;
  /** The version label ("Alt B: spring offer"), at most 60 characters; empty shows the length (":15"). */
  readonly label: string;
  /** This version's own Ad-ID, when it has one (a cutdown is a different spot); empty uses the campaign's. */
  readonly adId: string;
  /** This version's own ISCI, when it has one; empty uses the campaign's. */
  readonly isci: string;
  /** The content while another version is open; absent on the open version (its content is the document's). */
  readonly parked?: VersionContent;
}

/**
 * The campaign fields of the document: the version label lives on each version (schema 6); `clearance`, the
 * copy clearance number that travels with the spot (schema 7, at most 40 characters; empty: none).
 */
export type ProjectCampaign = Omit<CampaignFields, 'versionLabel'> & { readonly clearance?: string };

/** The most characters of the campaign's `clearance` (schema 7). */
export const CLEARANCE_MAX_LENGTH = 40;

/** Who wrote a comment or made a decision, as the host named them (`review.user`); the editor invents no one. */
export interface ReviewPerson {
  readonly id: string;
  readonly name: string;
  /** The reviewer's role (`client`, `legal`), matched against `review.require`. */
  readonly role?: string;
}

/**
 * Where a comment points (schema 7): a time range of a version and, when a clip is under it, that clip and the
 * offset in its take, so that the comment follows the clip when it moves or is trimmed.
 */
export interface ReviewAnchor {
  readonly version: string;
  /** Seconds on the version's timeline; `end` >= `start` (equal: a point). */
  readonly start: number;
  readonly end: number;
  readonly clip?: { readonly id: string; readonly offset: number };
}

/** One comment of a review thread (schema 7). Its body is text, never markup. */
export interface ReviewComment {
  readonly id: string;
  /** The id of the thread's first comment (a first comment's `thread` is its own id). */
  readonly thread: string;
  /** At most 2,000 characters. */
  readonly body: string;
  readonly author: ReviewPerson;
  /** ISO 8601. */
  readonly at: string;
  readonly anchor: ReviewAnchor;
  /** On a thread's first comment: who resolved the thread, and when; absent while it is open. */
  readonly resolved?: { readonly by: ReviewPerson; readonly at: string };
  /** Its audio is gone (the clip removed): kept, and shown apart. */
  readonly orphaned?: true;
}

/** A reviewer's decision on one version (schema 7): appended, never overwritten. */
export interface ReviewDecision {
  readonly id: string;
  readonly version: string;
  readonly reviewer: ReviewPerson;
  /** ISO 8601. */
  readonly at: string;
  readonly label: 'approved' | 'approved-with-changes' | 'changes-required';
  /** Required with `changes-required`; at most 2,000 characters. */
  readonly note?: string;
  /** The hash of the version's content that changes its sound when the decision was made (stale when it differs). */
  readonly contentHash: string;
  /**
   * Schema 8: the host's signature of the decision (`review.sign`), a compact JWS of its claims
   * (`DecisionClaims`, src/model/decision-claims.ts); absent when the host signs nothing.
   */
  readonly jws?: string;
}

/** The review of the project (schema 7): comments and decisions, in the order made. */
export interface ProjectReview {
  readonly comments: readonly ReviewComment[];
  readonly decisions: readonly ReviewDecision[];
}

/**
 * The limits of a review (schema 7), in characters: a comment's `body` and a decision's `note`; a person's `id`,
 * `name` and `role`; a decision's `contentHash`.
 */
export const REVIEW_LIMITS = { body: 2000, note: 2000, person: 200, contentHash: 128 } as const;

/** A new project's review: none. */
export const EMPTY_REVIEW: ProjectReview = Object.freeze({ comments: Object.freeze([]), decisions: Object.freeze([]) });

/**
 * The project document: everything the user makes, versioned and JSON-serialisable. Times are in
 * seconds, levels in dB. Service objects (recommendations, assets, usage) are kept exactly as returned.
 */
export interface ProjectDocument {
  readonly schemaVersion: typeof SCHEMA_VERSION;
  /** The caller-chosen `project_id` shared with the service. */
  readonly project_id: string;
  readonly title: string;
  /** Target duration of the ad, seconds. */
  readonly duration: number;
  readonly delivery: DeliverySettings;
  /** Advertiser, campaign, Ad-ID and ISCI: they travel into every delivered file (schema 5; the version label moved to `versions` in 6). */
  readonly campaign: ProjectCampaign;
  /** Every version, in the switcher's order; exactly one has no `parked` content: the open one (schema 6). */
  readonly versions: readonly ProjectVersion[];
  /** The id of the open version, whose content is this document's `duration`, `voice`, `script`, `clips` and `music`. */
  readonly openVersion: string;
  /** Locks on the project's length and delivery (schema 6). */
  readonly locks: ProjectLocks;
  /** The project's own pronunciations, besides the host's `vocal.pronunciations` (schema 6). */
  readonly pronunciations: readonly Pronunciation[];
  /**
   * The script's `{{slot}}` definitions (schema 7): one per name, in the order first used; shared by every
   * version. A definition whose name no section uses any more is kept (its sample survives an undo).
   */
  readonly slots: readonly SlotDefinition[];
  /** The feed whose rows fill the slots, one ad a row (schema 7); `null`: none imported. */
  readonly feed: Feed | null;
  /** Comments and decisions (schema 7). */
  readonly review: ProjectReview;
  readonly voice: VoiceSettings;
  readonly script: { readonly sections: readonly ProjectSection[] };
  readonly clips: readonly VoiceClip[];
  readonly music: MusicBed | null;
  readonly mix: MixSettings;
  /** Mute and solo of the voice and music tracks (schema 4). */
  readonly tracks: TrackSettings;
  readonly mastering: MasteringSettings;
  readonly recommendations: { readonly items: readonly Recommendation[]; readonly chosen: string | null };
  readonly usage: readonly UsageEntry[];
  /** Asset metadata exactly as the service returned it, one entry per `asset_id`. */
  readonly assets: readonly AssetMetadata[];
}

/** The version `id` of `doc`, or `undefined`. */
export const findVersion = (doc: ProjectDocument, id: string): ProjectVersion | undefined => doc.versions.find((version) => version.id === id);

/** The open version. */
export const openVersionOf = (doc: ProjectDocument): ProjectVersion => findVersion(doc, doc.openVersion) ?? doc.versions[0]!;

/** The most destinations a project has chosen (the built-ins and every one a host may add). */
export const MAX_CHOSEN_DESTINATIONS = 100;

/** The id of a new project's only version. */
export const FIRST_VERSION_ID = 'v1';

/** A new project's campaign fields: all empty. */
export const EMPTY_PROJECT_CAMPAIGN: ProjectCampaign = Object.freeze({ advertiser: '', campaign: '', adId: '', isci: '' });

/** What a new project starts from: the resolved config's `project`, `vocal`, `music` and `mastering`. */
export interface NewProjectOptions {
  projectId: string;
  title: string;
  duration: number;
  voice?: string | undefined;
  speed?: number;
  mode?: 'single' | 'per-section';
  musicGain?: number;
  preset?: DeliveryPresetId;
  target?: number;
  truePeak?: number;
}

/** A new, empty project document. */
export function createProject(options: NewProjectOptions): ProjectDocument {
  const preset = options.preset ?? 'streaming';
  return {
    schemaVersion: SCHEMA_VERSION,
    project_id: options.projectId,
    title: options.title,
    duration: options.duration,
    delivery: { format: 'wav24', sampleRate: 48000, destinations: [...DEFAULT_DELIVERY_DESTINATIONS], stems: false },
    campaign: EMPTY_PROJECT_CAMPAIGN,
    versions: [{ id: FIRST_VERSION_ID, label: '', adId: '', isci: '' }],
    openVersion: FIRST_VERSION_ID,
    locks: {},
    pronunciations: [],
    slots: [],
    feed: null,
    review: EMPTY_REVIEW,
    voice: { voice: options.voice ?? null, details: null, speed: options.speed ?? 1, mode: options.mode ?? 'single' },
    script: { sections: [] },
    clips: [],
    music: null,
    mix: {
      voiceLevel: 0,
      musicLevel: options.musicGain ?? -6,
      duckingDepth: 9,
      duckingAttackMs: 80,
      duckingReleaseMs: 400,
    },
    tracks: DEFAULT_TRACKS,
    mastering: { enabled: true, preset, ...presetNumbers(preset, { target: options.target ?? -16, truePeak: options.truePeak ?? -1 }) },
    recommendations: { items: [], chosen: null },
    usage: [],
    assets: [],
  };
}

/** Gain and fades of a music bed that a chosen recommendation adds when there was none (see `config.music`). */
export const DEFAULT_BED = { gain: 0, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1.5 } as const;
