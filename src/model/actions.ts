import type { AssetMetadata, Recommendation, Usage, VoiceDetails } from '../api/contract.js';
import type { DeliveryPresetId } from '../config/types.js';
import type { Feed, SlotDefinition } from '../feed/types.js';
import type { CampaignFields, ClipSource, DeliverySettings, MixSettings, MusicBed, ProjectDocument, ProjectSection, ProjectReview, ProjectVersion, Pronunciation, ReviewDecision, ReviewPerson, TrackId, VersionContent, VoiceClip } from './document.js';
import type { EditorRole, LockTarget } from './lock-types.js';

/**
 * Optional on every edit: actions sharing one `gesture` id in a row (a drag, a slider, typing in one
 * field) make a single undo step.
 */
interface Edit {
  gesture?: string;
}

/**
 * Edits of the project document by the user. Each is one undo step (or part of one gesture).
 *
 * `untitled` (choosing or making an idea): the titles the editor gave, not the user (the config's
 * `project.title`, the language's "Untitled ad"). A project still called one of them, or empty, or after
 * the idea chosen before, takes the idea's title ("Dark Roast Beans: Story") in the same step; a title the
 * user typed is kept.
 */
export type EditAction = Edit &
  (
    | { type: 'project/rename'; title: string }
    | { type: 'project/set-duration'; duration: number }
    | { type: 'project/set-delivery'; delivery: Partial<Pick<DeliverySettings, 'format' | 'sampleRate'>> }
    /**
     * Sets campaign fields (the others stay). Codes are stored trimmed and upper case. A wrong value (an Ad-ID
     * or ISCI that `adIdProblem` / `isciProblem` refuses, text over its length) is REFUSED: the dispatch throws a
     * `StudioProjectError` naming `project.campaign.<field>` and the reason, and nothing changes. The panel
     * checks with `campaignFieldProblem` first and shows the field error, dispatching only what is valid.
     * `versionLabel` is the open version's label (schema 6: each version has its own).
     */
    | { type: 'campaign/set'; campaign: Partial<CampaignFields> }
    /** The Deliver panel's chosen destination ids (duplicates dropped). A malformed id throws a `StudioProjectError`. */
    | { type: 'delivery/destinations'; destinations: readonly string[] }
    /** Whether the Deliver panel delivers the voice and music stems too. */
    | { type: 'delivery/stems'; stems: boolean }
    | { type: 'voice/set'; voice: string | null; details?: VoiceDetails | null }
    | { type: 'voice/set-speed'; speed: number }
    /**
     * "Keep it" on the warning of a read faster than 1.10x: the version's takes up to `speed` are kept as they
     * are read, and the warning stays dismissed for them (recorded in the version's `voice.keptSpeed`).
     */
    | { type: 'voice/keep-speed'; speed: number }
    | { type: 'voice/set-mode'; mode: 'single' | 'per-section' }
    | { type: 'script/add-section'; section: ProjectSection; index?: number }
    | { type: 'script/remove-section'; id: string }
    | { type: 'script/move-section'; id: string; index: number }
    | { type: 'script/set-text'; id: string; text: string }
    | { type: 'script/set-label'; id: string; label: string }
    | { type: 'script/set-voice'; id: string; voice: string | null }
    | { type: 'script/set-sections'; sections: readonly ProjectSection[] }
    | { type: 'clip/add'; clip: VoiceClip }
    | { type: 'clip/replace'; id: string; clip: VoiceClip }
    | { type: 'clip/move'; id: string; start: number }
    | { type: 'clip/trim'; id: string; trimIn?: number; trimOut?: number }
    | { type: 'clip/fade'; id: string; fadeIn?: number; fadeOut?: number }
    | { type: 'clip/gain'; id: string; gain: number }
    | { type: 'clip/remove'; id: string }
    /**
     * Cuts clip `id` `at` seconds after its start (its audible `length` given, as the reducer does not know
     * the decoded audio's): the left piece keeps the id, the right one is `newId`, with the same audio.
     */
    | { type: 'clip/split'; id: string; newId: string; at: number; length: number }
    /** Joins clip `id` with `withId`, a piece of the same audio placed in line with it (as a split leaves them). */
    | { type: 'clip/join'; id: string; withId: string }
    /** Mutes or solos a track of the timeline. */
    | { type: 'track/set'; track: TrackId; muted?: boolean; solo?: boolean }
    | { type: 'music/set'; music: MusicBed | null }
    | { type: 'music/gain'; gain: number }
    | { type: 'music/fades'; fadeIn?: number; fadeOut?: number }
    | { type: 'music/offset'; offset: number }
    | { type: 'music/loop'; loop: boolean }
    | { type: 'mix/set'; mix: Partial<MixSettings> }
    | { type: 'mastering/set-preset'; preset: DeliveryPresetId }
    | { type: 'mastering/set-target'; target?: number; truePeak?: number }
    /** Turns mastering on or bypasses it; with `preset`, also chooses that preset (one undo step: "Apply mastering"). */
    | { type: 'mastering/set-enabled'; enabled: boolean; preset?: DeliveryPresetId }
    /**
     * Fills script, voice and music from a received recommendation, in one undo step; with `duration`, the
     * ad's length too (asked first when it differs). The project is named after the idea unless the user
     * named it (see `untitled`).
     */
    | {
        type: 'recommendation/choose';
        id: string;
        bed?: Partial<Pick<MusicBed, 'gain' | 'fadeIn' | 'fadeOut' | 'loop'>>;
        duration?: number;
        untitled?: readonly string[];
        /** The fastest the editor may read (`vocal.maxFitSpeed`): an idea fitted faster is read at this speed. */
        maxSpeed?: number;
      }
    /** Lays the voice clips end to end in script order with `gap` seconds between them ("re-space sections"). */
    | { type: 'clips/respace'; gap: number }
    /**
     * "Make the ad": the chosen idea (script, voice, bed; its length when given) with one take per section,
     * laid end to end from `LEAD_IN_S`, `RESPACE_GAP_S` apart, replacing the clips there were; one undo step.
     */
    | {
        type: 'ad/assemble';
        recommendationId: string;
        duration?: number;
        takes: ReadonlyArray<{ asset: AssetMetadata; sectionId: string; source: ClipSource }>;
        music?: AssetMetadata;
        /** As `recommendation/choose`'s. */
        untitled?: readonly string[];
        /** The script as voiced, when the editor shortened the idea's to read it no faster than `vocal.maxFitSpeed`. */
        sections?: readonly ProjectSection[];
        /** The speed the takes were read at, when not the idea's (capped at `vocal.maxFitSpeed`). */
        speed?: number;
      }
    /**
     * A voice-over the user asked for came back: its asset is recorded (a fact, see `ServiceAction`) and it
     * becomes the clip of `sectionId`, replacing that section's previous take (one undo step).
     */
    | { type: 'voiceover/received'; asset: AssetMetadata; sectionId: string | null; source: ClipSource | null; clipId: string; start?: number }
    /**
     * Adds a version made of `content` after the open one and opens it (one undo step: undo removes it). A
     * taken id, a wrong label or code, or more than `MAX_VERSIONS` throws a `StudioProjectError`.
     */
    | { type: 'version/add'; version: Pick<ProjectVersion, 'id'> & Partial<Pick<ProjectVersion, 'label' | 'adId' | 'isci'>>; content: VersionContent }
    /** Opens version `id`: its length, voice, script, clips and bed become the document's; nothing is fetched or decoded. */
    | { type: 'version/open'; id: string }
    /** Removes version `id` (never the last one); removing the open version opens its neighbour. */
    | { type: 'version/remove'; id: string }
    /** Names a version or gives it its own Ad-ID or ISCI; a wrong value throws a `StudioProjectError`. */
    | { type: 'version/set'; id: string; label?: string; adId?: string; isci?: string }
    /** Locks or unlocks a part of the ad (creator role), with an optional reason shown to adopters. */
    | { type: 'lock/set'; target: LockTarget; locked: boolean; reason?: string }
    /** Replaces the project's own pronunciations; a wrong list throws a `StudioProjectError` naming each entry. */
    | { type: 'pronunciations/set'; entries: readonly Pronunciation[] }
    /**
     * Sets one slot's definition (schema 7): its sample, maximum length and respelling; adds it when no slot has
     * that name. A wrong name, a sample or `say` over 500 characters, or a `maxLength` that is not a whole number
     * from 1 to 5,000 throws a `StudioProjectError` naming the field.
     */
    | { type: 'slot/set'; slot: SlotDefinition }
    /** Removes the definition of slot `name` (its placeholders in the script stay, shown as undefined). */
    | { type: 'slot/remove'; name: string }
    /**
     * Sets the feed (an import): the table, its key column and its mapping, replacing any feed before; `null`
     * removes it. More than `MAX_FEED_ROWS` rows, a key or a mapping naming no column, or a slot mapped twice
     * throws a `StudioProjectError` naming the path. One undo step.
     */
    | { type: 'feed/set'; feed: Feed | null }
    /** Which column fills slot `slot` (`null`: none). A column the feed lacks throws a `StudioProjectError`. */
    | { type: 'feed/map'; slot: string; column: string | null }
    /** The feed's key column (`null`: none). A column the feed lacks throws a `StudioProjectError`. */
    | { type: 'feed/key'; column: string | null }
    /** Replaces the whole document by one the host or the user loaded; one undo step. */
    | { type: 'project/load'; project: ProjectDocument }
  );

/**
 * Facts received from the service. They are not undo steps: they are applied to the present and to every
 * step of the history, so undo never makes a received result disappear.
 */
export type ServiceAction =
  /**
   * `at` and `sent`: ISO times of receipt and of the start of the call, recorded with `usage` (the reducer is pure, so
   * the caller gives the times: `usageReceived` in ./credits.ts).
   */
  | { type: 'recommendations/received'; recommendations: readonly Recommendation[]; usage?: Usage; at?: string; sent?: string }
  | { type: 'usage/received'; operation: string; usage: Usage; at?: string; sent?: string }
  | { type: 'assets/received'; assets: readonly AssetMetadata[] }
  /** The music library gave the audio URL of the bed's track (a recommendation names the track only). */
  | { type: 'music/resolved'; trackId: string; url: string };

/** Undo, redo and gestures. */
export type HistoryAction =
  | { type: 'history/undo' }
  | { type: 'history/redo' }
  /** Ends the gesture `gesture` (the next action with the same id starts a new step). */
  | { type: 'history/end-gesture'; gesture: string }
  /** Reverts everything done in the gesture `gesture` if it is the latest step, leaving no redo entry (Escape during a drag). */
  | { type: 'history/cancel-gesture'; gesture: string };

/**
 * The review (schema 7; ./review.ts): comments and decisions. They are facts about the ad, not edits of it: in
 * every role (a creator replies too, a reviewer makes them), never undo steps (they are applied to the present
 * and to every step of the history, so the creator's Ctrl+Z never takes a reviewer's comment away). Their
 * author is the session's `review.user` (`session/role`): without one they throw a `StudioError`
 * (`review-user-required`). The caller gives the id and the time (the reducer is pure). A wrong value throws
 * a `StudioProjectError` naming its path, and nothing changes.
 */
export type ReviewAction =
  /**
   * A comment: with `thread` (the id of the thread's first comment), a reply, anchored where the thread is;
   * without, a new thread on `version` (default: the open one) from `start` to `end` seconds, pinned to the
   * clip under `start` where there is one (it follows that clip when it moves or is trimmed).
   */
  | { type: 'review/comment'; id: string; at: string; body: string; thread?: string; version?: string; start?: number; end?: number }
  /** Resolves the thread `thread` (by the session's reviewer, at `at`): it stays in the document. */
  | { type: 'review/resolve'; thread: string; at: string }
  /** Opens a resolved thread again. */
  | { type: 'review/reopen'; thread: string }
  /**
   * A decision on `version` (default: the open one), appended: the reviewer, the time, the label and the hash of
   * the version's content now. `changes-required` needs a `note`. With `jws` (schema 8), the host's signature of
   * exactly this decision (`review.sign`, given `decisionClaims` of it after the version's last signed decision):
   * a signature of another decision, or of one that no longer follows the version's last, is refused.
   */
  | { type: 'review/decide'; id: string; at: string; version?: string; label: ReviewDecision['label']; note?: string; jws?: string }
  /**
   * A saved copy's review joined to the present one (a reviewer's Restore or Reload: never its content): its
   * comments and decisions whose ids the present lacks are added in time order; none is overwritten or dropped.
   */
  | { type: 'review/merge'; review: ProjectReview };

/** Editor life cycle: starting from a document (history cleared), and a save that reached storage. */
export type LifecycleAction =
  /** Starts afresh from `project`: clears the history. `saved` marks it as already stored. */
  | { type: 'project/init'; project: ProjectDocument; saved?: boolean }
  /** `project` (a state the store held) was saved; the dirty flag clears while it is current. */
  | { type: 'persist/saved'; project: ProjectDocument }
  /**
   * The session's role from `tools.role` (the document and its history stay), and its `review.user`, the author
   * of its comments and decisions (absent: none can be made).
   */
  | { type: 'session/role'; role: EditorRole; user?: ReviewPerson | undefined };

/** Every action the editor store accepts. */
export type EditorAction = EditAction | ServiceAction | HistoryAction | LifecycleAction | ReviewAction;

const SERVICE_TYPES: ReadonlySet<string> = new Set(['recommendations/received', 'usage/received', 'assets/received', 'music/resolved']);

/** Whether an action is a review's comment or decision (./review.ts: in every role, no undo step). */
export const isReviewAction = (action: EditorAction): action is ReviewAction => action.type.startsWith('review/');

/** Whether an action is a service fact (no undo step of its own). */
export const isServiceAction = (action: EditorAction): action is ServiceAction => SERVICE_TYPES.has(action.type);
