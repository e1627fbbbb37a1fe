import type { ApiOperation, OperationMethod, OperationOverrides } from '../api/contract.js';
import type { AuthConfig } from '../auth/types.js';
import type { PronunciationEntry } from '../brand/pronunciations.js';
import type { DeliveryPresetId } from '../delivery/presets.js';
import type { DestinationProfile } from '../delivery/types.js';

// Auth's own types live in auth (which imports nothing from config); the config takes them from there.
export type { AuthConfig, TokenResult } from '../auth/types.js';

/** `config.api`: where the service lives. */
export interface ApiConfig {
  /** Absolute http(s) URL under which `/v1/` lives. Default: the page's origin. */
  baseUrl?: string;
  /** Overrides of operation paths (relative to `baseUrl`, starting with `/v1/`). */
  paths?: Partial<Record<ApiOperation, string>>;
  /**
   * Adapters for a service shaped otherwise than the editor assumes (`src/api/contract.ts`): per operation, its
   * `method`, `path` (replacing `paths`'), `request(input)` turning the editor's typed input into the body or
   * query, and `response(json, status)` turning the answer into the typed result or `{ poll_url }`; `job.response`
   * reads a poll. What they give is checked; a wrong shape is a `contract` error naming the field. docs/contract.md.
   */
  operations?: OperationOverrides;
  /** Timeout of one request, in ms. Default 30000. */
  timeoutMs?: number;
  /** How long the editor follows one job before giving up, in ms. Default 600000 (10 minutes). */
  jobDeadlineMs?: number;
  /**
   * The header that carries a job start's idempotency key (an assumption of `src/api/contract.ts`), or `null`
   * to send none (then a start is retried only after 429 or 503). Default `"Idempotency-Key"`.
   */
  idempotencyHeader?: string | null;
  /**
   * The field of a voice-over request that carries the pronunciation entries applying to its text (an
   * assumption of `src/api/contract.ts`), or `null` to send none and respell the text in the editor instead
   * (each match replaced by its `say`). Default `"pronunciations"`.
   */
  pronunciationsField?: string | null;
  /**
   * How a voice-over request carries a section's direction of the read (pauses, emphasis, say-as, sub, rate):
   * `'ssml'` sends it as SSML in the request's `ssml` field (an assumption of `src/api/contract.ts`; an
   * `operations.voiceover.request` adapter may map it to another markup); `'none'` sends the plain words only.
   * Default `'ssml'`.
   */
  direction?: 'ssml' | 'none';
}

/** The workflow panels, in their default order. */
export type PanelId = 'recommend' | 'script' | 'voice' | 'music' | 'mix' | 'master' | 'feed' | 'review' | 'export' | 'deliver';

/** `config.layout`. */
export interface LayoutConfig {
  /**
   * Height of the editor, a CSS length (`640px`, `80vh`, `100%`), or `auto` to fill the height of the element
   * it is in. Default `640px`.
   */
  height?: string;
  /** `auto` (side by side on wide hosts, stacked on narrow ones), `side-by-side` or `stacked`. Default `auto`. */
  arrangement?: 'auto' | 'side-by-side' | 'stacked';
  /** The panel shown first. Default `recommend`. */
  initialPanel?: PanelId;
  /** Tighter spacing and smaller controls. Default `false`. */
  compact?: boolean;
}

/** `config.project`. */
export interface ProjectConfig {
  /**
   * The caller-chosen, stable `project_id` shared with the service, so that recommendations, assets and
   * follow-up operations belong together. Default: an id generated once and remembered for this user.
   */
  id?: string;
  /** Title of a new project. Default: "Untitled ad" in the editor's language. */
  title?: string;
  /** Target duration of the ad in seconds, 5 to 600 (spots to long-form reads). Default 30. */
  duration?: number;
  /** Save drafts in the browser (IndexedDB). Default `true`. */
  autosave?: boolean;
}

/** `config.vocal`: voice-over defaults. */
export interface VocalConfig {
  /** Voice id from the service's voice library used for new projects. Default: the service's first voice. */
  voice?: string;
  /** Speaking speed, 0.5 to 2. Default 1. */
  speed?: number;
  /**
   * The fastest the editor reads a script to fit its length, times normal speed: 1 to 1.5. Default 1.2. An
   * idea the service fitted at a faster speed is not read faster: "Make the ad" shortens its script to fit at
   * this speed (the service's `format`) or, when it cannot, reads it at this speed and says the ad is long.
   * A read faster than 1.10x is always shown with a warning ("Read at 1.16x to fit 30 s").
   */
  maxFitSpeed?: number;
  /** One voice for the whole ad (`single`) or one per script section (`per-section`). Default `single`. */
  mode?: 'single' | 'per-section';
  /**
   * The voice ids the host licensed: the pickers offer only these. An id the service's library does not have
   * is reported once (`studio-error`, code `config`) and the others still work. Default: every voice.
   */
  voices?: string[];
  /**
   * The host's brand pronunciations, `{ text, say, caseSensitive? }` (at most 1,000; `text` and `say` 1 to 200
   * characters; no two with the same text). They apply to every project, before the project's own, and nobody
   * in the editor can change them. Matching: docs/guardrails.md. Default none.
   */
  pronunciations?: PronunciationEntry[];
}

/** `config.music`: music bed defaults. */
export interface MusicConfig {
  /** Track id from the service's music library used for new projects. */
  track?: string;
  /**
   * The track ids the host licensed: the library offers only these (`tools.upload` still decides uploads). An id
   * the service's library does not have is reported once (`studio-error`, code `config`). Default: every track.
   */
  tracks?: string[];
  /** Music level in dB, -40 to 6. Default -6. */
  gain?: number;
  /** Fade in and fade out of the bed, in seconds, 0 to 10. Default 0.5 and 1.5. */
  fadeIn?: number;
  fadeOut?: number;
  /** Largest audio file a user may upload, in bytes. Default 26214400 (25 MiB). */
  uploadMaxBytes?: number;
}

/** Delivery presets (`src/delivery/presets.ts`); `custom` uses `mastering.target` and `mastering.truePeak`. */
export type { DeliveryPresetId };

/** `config.mastering`. */
export interface MasteringConfig {
  /** Delivery preset of new projects. Default `streaming` (-14 LUFS, -1 dBTP). */
  preset?: DeliveryPresetId;
  /** Integrated loudness target for `custom`, in LUFS, -40 to -5. Default -16. */
  target?: number;
  /** True-peak ceiling for `custom`, in dBTP, -9 to 0. Default -1. */
  truePeak?: number;
}

/** Export formats: PCM WAV at 16 or 24 bits, or MP3. */
export type ExportFormat = 'wav16' | 'wav24' | 'mp3';

/** `config.tools`: each tool can be switched off; what is off is absent from the UI. */
export interface ToolsConfig {
  recommend?: boolean;
  product?: boolean;
  script?: boolean;
  voice?: boolean;
  music?: boolean;
  upload?: boolean;
  timeline?: boolean;
  mix?: boolean;
  master?: boolean;
  /** The Deliver panel: every destination's file from one click, in one ZIP (`config.delivery`). Default `true`. */
  deliver?: boolean;
  /**
   * The Feed step: a CSV or JSON feed of rows (a product each) fills the script's `{{slot}}` placeholders; every
   * row is checked, any row can be heard, and every row delivered (docs/feeds.md). A host platform that sells
   * feeds turns it on. Default `false`.
   */
  feed?: boolean;
  /** `false`, `true` (every format) or `{ formats }`. Default `true`. */
  export?: boolean | { formats: ExportFormat[] };
  /**
   * `false` (default) or `{ urlTemplate }`: a button opens the project in the studio application at
   * `urlTemplate`, where `{project_id}` is replaced by the URL-encoded project id.
   */
  openInStudio?: false | { urlTemplate: string };
  /**
   * Who edits: `'creator'` (default) edits everything and sets locks; `'adopter'` fills in a template, and the
   * locked parts hold (docs/guardrails.md); `'reviewer'` plays, switches versions, comments and decides, and
   * the store refuses every edit of the ad (docs/review.md). Changes live through `handle.update()`.
   */
  role?: EditorRoleName;
}

/** The roles of `tools.role`. */
export type EditorRoleName = 'creator' | 'adopter' | 'reviewer';

/** `config.review.user`: who is reviewing, as the host knows them (like `auth.userId`): the editor invents no one. */
export interface ReviewUserConfig {
  /** The host's id of the person (at most 200 characters). */
  id: string;
  /** Their name as shown beside their comments and decisions (at most 200 characters). */
  name: string;
  /** Their role in the approval (`client`, `legal`), matched against `review.require` (at most 200 characters). */
  role?: string;
}

/** `config.review`: who reviews, and whose approval Deliver needs (docs/review.md). */
export interface ReviewConfig {
  /** The person commenting and deciding in this editor. Required to comment or decide (in any role). */
  user?: ReviewUserConfig;
  /**
   * Roles whose fresh approval each version needs before Deliver delivers it (`["client", "legal"]`), matched
   * against the role of each decision's reviewer. Default: none (Deliver needs no approval).
   */
  require?: string[];
  /**
   * Signs a decision on the host's backend (like `auth.getToken`: the key never reaches the browser): given the
   * decision's claims, resolves with a compact JWS of them (ES256 or EdDSA) signed with a key of `publicKeys`.
   * Without it, decisions are unsigned and the document alone says who approved (docs/review.md, Threat model).
   */
  sign?: (decision: DecisionClaims) => Promise<string>;
  /**
   * The host's public keys (a JWKS of ES256 P-256 or EdDSA Ed25519 keys, public members only). With them,
   * `require` counts only decisions whose signature verifies and whose version's chain is whole; the others are
   * shown "Unverified" with the reason.
   */
  publicKeys?: PublicJwks;
}

/** A public key of `review.publicKeys`: an EC P-256 (ES256) or an OKP Ed25519 (EdDSA) JWK, with its `kid`. */
export interface PublicJwk {
  readonly kty: 'EC' | 'OKP';
  readonly crv: 'P-256' | 'Ed25519';
  readonly x: string;
  /** P-256 only. */
  readonly y?: string;
  readonly kid?: string;
  readonly alg?: 'ES256' | 'EdDSA';
  readonly use?: string;
}

/** `review.publicKeys`: the host's JSON Web Key Set (RFC 7517) of public keys. */
export interface PublicJwks {
  readonly keys: readonly PublicJwk[];
}

/**
 * What `review.sign(decision)` is given and the host's backend signs (the JWS payload is this object as JSON,
 * docs/review.md): the project, the version and its content hash as decided on, the decision's id, label, note,
 * reviewer and time, and `prev`: the SHA-256 (hex) of the JWS of the decision signed before it on that version
 * (`null` for the first), so that removing, reordering or changing one breaks every signature after it.
 */
export interface DecisionClaims {
  readonly typ: 'service-studio-editor/decision@1';
  readonly project: string;
  readonly version: string;
  readonly contentHash: string;
  readonly id: string;
  readonly label: 'approved' | 'approved-with-changes' | 'changes-required';
  readonly note?: string;
  readonly reviewer: { readonly id: string; readonly name: string; readonly role?: string };
  readonly at: string;
  readonly prev: string | null;
}

/** The shapes of a destination's spec sheet (`src/delivery/types.ts`). */
export type { DestinationProfile };

/**
 * A destination as a host gives it: a whole `DestinationProfile`, where `minTailSilence` (default 0),
 * `metadata` (default every field), `fileName` (default `{advertiser}_{title}_{length}s_{destination}_{adId}`)
 * and `maxBytes` (default none) may be left out.
 */
export type HostDestinationProfile = Omit<DestinationProfile, 'minTailSilence' | 'metadata' | 'fileName'> &
  Partial<Pick<DestinationProfile, 'minTailSilence' | 'metadata' | 'fileName'>>;

/** `config.delivery`: the destinations of the Deliver panel. */
export interface DeliveryConfig {
  /**
   * Destinations the host adds to the built-in ones (`src/delivery/destinations.ts`). One with the id of a
   * built-in REPLACES it whole (its numbers and the source naming them go together; nothing is merged field by
   * field); new ids follow the built-ins, in this order. Ids are distinct. Default: none (the built-ins only).
   */
  destinations?: HostDestinationProfile[];
}

/** `config.theme`: colour mode and brand tokens, applied as `--studio-*` custom properties. */
export interface ThemeConfig {
  /** `light`, `dark` or `system` (follows the user's setting). Default `system`. */
  mode?: 'light' | 'dark' | 'system';
  /** CSS colours (`#1a73e8`, `rgb(...)`, `oklch(...)`, a named colour). */
  accent?: string;
  surface?: string;
  surfaceAlt?: string;
  text?: string;
  textMuted?: string;
  border?: string;
  /** A font-family list, e.g. `"Inter", system-ui, sans-serif`. */
  fontFamily?: string;
  /** Corner radius, a CSS length. */
  radius?: string;
  /** Spacing density. Default `comfortable`. */
  density?: 'comfortable' | 'compact';
}

/** `config.i18n`: the editor's language and locale, and the words of any string. */
export interface I18nConfig {
  /**
   * A BCP 47 locale (`en`, `fr-CA`, `de-AT`, `es`...). Numbers, dates and plurals follow it. The words are
   * built in for English, French and German (`fr-CA` speaks the built-in French); for any other language
   * give them in `strings` (missing ones are English). Default `en`.
   */
  locale?: string;
  /**
   * Words by string key, over the built-in ones: `{ 'toolbar.export': 'Download' }`, or a whole new language
   * with `locale: 'es'`. Keys are those of `src/i18n/en-first.ts` and `en-later.ts`; plural words have `.one` and `.other` keys.
   */
  strings?: Record<string, string>;
}

/** The configuration object given to `create(config)` or set as `<studio-editor>.config`. */
export interface StudioConfig {
  /** CSS selector of the one element the editor mounts into. Required by `create()`. */
  target?: string;
  auth: AuthConfig;
  api?: ApiConfig;
  layout?: LayoutConfig;
  project?: ProjectConfig;
  vocal?: VocalConfig;
  music?: MusicConfig;
  mastering?: MasteringConfig;
  delivery?: DeliveryConfig;
  tools?: ToolsConfig;
  review?: ReviewConfig;
  theme?: ThemeConfig;
  i18n?: I18nConfig;
}

/** A configuration after validation, with every default filled in. */
export interface ResolvedConfig {
  target: string | undefined;
  auth: Required<Omit<AuthConfig, 'userId'>> & { userId: string | undefined };
  api: Required<Omit<ApiConfig, 'paths' | 'operations'>> & {
    paths: Record<ApiOperation, string>;
    /** Each operation's adapter functions and method (its path is in `paths`). */
    operations: Partial<Record<ApiOperation, { method?: OperationMethod; request?: (input: never) => unknown; response?: (json: unknown, status: number) => unknown }>>;
  };
  layout: Required<LayoutConfig>;
  project: Required<Omit<ProjectConfig, 'id' | 'title'>> & { id: string | undefined; title: string | undefined };
  vocal: {
    voice: string | undefined;
    speed: number;
    /** The fastest a fit reads, times normal speed (1 to 1.5). */
    maxFitSpeed: number;
    mode: 'single' | 'per-section';
    /** Undefined: every voice of the library. */
    voices: readonly string[] | undefined;
    pronunciations: readonly PronunciationEntry[];
  };
  music: { track: string | undefined; tracks: readonly string[] | undefined; gain: number; fadeIn: number; fadeOut: number; uploadMaxBytes: number };
  mastering: Required<MasteringConfig>;
  /** `destinations`: the built-ins with the host's laid over them (see `DeliveryConfig.destinations`). */
  delivery: { destinations: readonly DestinationProfile[] };
  tools: {
    recommend: boolean;
    product: boolean;
    script: boolean;
    voice: boolean;
    music: boolean;
    upload: boolean;
    timeline: boolean;
    mix: boolean;
    master: boolean;
    deliver: boolean;
    feed: boolean;
    exportFormats: ExportFormat[];
    openInStudio: string | undefined;
    role: EditorRoleName;
  };
  /** `user`: undefined when the host gave none (nobody can comment or decide); `require`: distinct roles, in order. */
  review: { user: Readonly<ReviewUserConfig> | undefined; require: readonly string[]; sign: ReviewConfig['sign']; publicKeys: PublicJwks | undefined };
  theme: { mode: 'light' | 'dark' | 'system'; density: 'comfortable' | 'compact'; tokens: ThemeTokens };
  i18n: { locale: string; strings: Record<string, string> };
}

/** Brand tokens that were given, by `--studio-*` property name. */
export type ThemeTokens = Partial<Record<ThemeTokenProperty, string>>;

export type ThemeTokenProperty =
  | '--studio-accent'
  | '--studio-surface'
  | '--studio-surface-alt'
  | '--studio-text'
  | '--studio-text-muted'
  | '--studio-border'
  | '--studio-font-family'
  | '--studio-radius';
