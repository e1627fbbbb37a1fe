/**
 * The service contract, in one place.
 *
 * The product spec shows only a little of the service API:
 * - `POST /v1/auth/token`, server to server with `x-api-key`, mints a short-lived token for one end user;
 * - `POST /v1/recommend/url` with `project_id`, `url`, `duration`, `max_recommendations` (and a webhook
 *   configuration "may be given"), answered `202 Accepted` with a body carrying `poll_url`;
 * - jobs are followed by polling `poll_url` or by a terminal notice on a webhook;
 * - other operations exist: product-based recommendation, formatting, voice-over, mixing, complete
 *   audio-ad generation, job status; results carry asset metadata (voice and music details) and usage.
 *
 * Everything else in this file is an ASSUMPTION, marked so: it is the contract of the local emulator
 * (`demo/server/`), kept here so it can be compared with the real service in one read and changed in one
 * place. Paths can be overridden per embed through `config.api.paths`. The editor's client is tolerant
 * where the spec is silent: any operation may answer 200 with its result or 202 with a `poll_url`, unknown
 * job states count as pending, and unknown fields are kept as they came.
 */

/** Operations the editor can call, by name. Paths are relative to `api.baseUrl`. */
export const DEFAULT_PATHS = {
  /** Known: `POST`, body `RecommendUrlRequest`, answers 202 + `poll_url`. */
  recommendUrl: '/v1/recommend/url',
  /** Assumed: `POST`, body `RecommendProductRequest`, same job pattern as `recommendUrl`. */
  recommendProduct: '/v1/recommend/product',
  /** Assumed: `POST`, body `FormatRequest`; result `FormatResult`. */
  format: '/v1/format',
  /** Assumed: `POST`, body `VoiceoverRequest`; result `VoiceoverResult`. */
  voiceover: '/v1/voiceover',
  /** Assumed: `POST`, body `MixRequest`; result `MixResult`. */
  mix: '/v1/mix',
  /** Assumed: `POST`, body `GenerateRequest`; result `GenerateResult`. */
  generate: '/v1/generate',
  /** Assumed: `GET` job status; `{job_id}` is replaced. The poller normally follows `poll_url` instead. */
  job: '/v1/jobs/{job_id}',
  /** Assumed: `GET` the voice library, `VoiceLibrary`. */
  voices: '/v1/voices',
  /** Assumed: `GET` the music library, `MusicLibrary`. */
  music: '/v1/music',
  /** Assumed: `GET` what operations cost, `PriceList` (a service without it answers 404: no prices shown). */
  pricing: '/v1/pricing',
} as const;

export type ApiOperation = keyof typeof DEFAULT_PATHS;

export const API_OPERATIONS = Object.keys(DEFAULT_PATHS) as ApiOperation[];

/** Known: every service path carries this prefix, and only requests under it carry the token. */
export const API_PREFIX = '/v1/';

/**
 * ASSUMPTION: the request header that makes a job start safe to re-send. The spec shows no such mechanism.
 * The editor sends a fresh random key with every start (`POST` of `recommendUrl`, `recommendProduct`, `format`,
 * `voiceover`, `mix`, `generate`) and the same key on each retry of that start; the service is assumed to answer
 * a repeated key (same user, same body) with the job it already started, without starting or charging a second
 * one, and a repeated key with another body with 409 or 422. The emulator implements exactly that (for 24 h).
 * Overridden per embed with `config.api.idempotencyHeader` (`null` sends none: then a start is re-sent only
 * after 429 or 503, which say it was not acted on).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * ASSUMPTION: the field of `VoiceoverRequest` that carries the pronunciation entries applying to its `text`
 * (`[{ text, say, case_sensitive? }]`, matched as `src/brand/match.ts` does: docs/guardrails.md). The spec shows
 * no pronunciation dictionary. The service is assumed to read each entry's `text` as its `say`; the emulator
 * does. Renamed per embed with `config.api.pronunciationsField`; `null` sends no such field and the editor
 * respells the `text` itself (each match replaced by its `say`), which any voice-over service can read.
 */
export const PRONUNCIATIONS_FIELD = 'pronunciations';

/** Known (server to server only; never called by the editor): mints a token with `x-api-key`. */
export const AUTH_TOKEN_PATH = '/v1/auth/token';

// ---------------------------------------------------------------------------------------------------
// Auth (server to server). Assumed shapes: the spec says only that a token string results.

/** Assumed request body of `POST /v1/auth/token`. */
export interface AuthTokenRequest {
  user_id: string;
}

/** Assumed response of `POST /v1/auth/token`. `token` is the string the host hands to the browser. */
export interface AuthTokenResponse {
  token: string;
  type: 'Bearer';
  /** Lifetime in seconds. */
  expires_in: number;
}

// ---------------------------------------------------------------------------------------------------
// Errors. Assumed: the spec shows no error body.

/** Assumed error body of any non-2xx answer. The client copes with any other body (or none). */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

// ---------------------------------------------------------------------------------------------------
// Jobs. Known: 202 + `poll_url`. States and every other field are assumed.

/** Assumed job states. Anything else the service may send counts as pending. */
export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export const TERMINAL_JOB_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

/** The body of a 202. Known: `poll_url`. Assumed: `job_id`, `status`. */
export interface JobAccepted {
  poll_url: string;
  job_id?: string;
  status?: JobState | (string & {});
}

/** Assumed: what `GET poll_url` answers. */
export interface JobRecord<R = unknown> {
  job_id: string;
  /** One of `JobState`; unknown values count as pending. */
  status: JobState | (string & {});
  /** 0 to 1 where the service knows it. */
  progress?: number;
  /** Short words on what the job is doing, for the UI. */
  stage?: string;
  /** Present when `status` is `succeeded`. */
  result?: R;
  /** Present when `status` is `failed`. */
  error?: ApiErrorBody['error'];
  usage?: Usage;
}

/**
 * Assumed name and shape of the webhook configuration ("may be given in the request instead of polling").
 * The service POSTs the terminal `JobRecord` to `url` as JSON.
 */
export interface WebhookConfig {
  url: string;
}

// ---------------------------------------------------------------------------------------------------
// Usage and asset metadata. Known to exist ("standard usage and billing information", "voice details,
// music details"); every field is assumed. The editor keeps these objects exactly as received.

/** Assumed usage and billing information of one operation. */
export interface Usage {
  credits_used: number;
  credits_remaining?: number;
  [field: string]: unknown;
}

/**
 * ASSUMPTION: what an operation costs, in credits, before it runs. The spec shows usage after an operation
 * ("standard usage and billing information") but no price list; this shape is the editor's guess, kept here
 * and overridable (`config.api.paths.pricing`). A price is `base` plus so much per unit of the request.
 */
export interface PriceRule {
  /** Credits per call. */
  base?: number;
  /** Credits per recommendation asked for (`max_recommendations`). */
  per_recommendation?: number;
  /** Credits per started 25 words of text voiced. */
  per_25_words?: number;
  /** Credits per script section (complete-ad generation). */
  per_section?: number;
  /** The least a call costs. */
  minimum?: number;
}

/** ASSUMPTION: `GET pricing` answers the price rule of each operation it charges for. */
export interface PriceList {
  operations: Partial<Record<'recommendUrl' | 'recommendProduct' | 'format' | 'voiceover' | 'mix' | 'generate', PriceRule>>;
}

/** What an operation will cost under `rule` for the quantities of the request. */
export function estimateCredits(rule: PriceRule, quantities: { recommendations?: number; words?: number; sections?: number }): number {
  const cost =
    (rule.base ?? 0) +
    (rule.per_recommendation ?? 0) * (quantities.recommendations ?? 0) +
    (rule.per_25_words ?? 0) * Math.ceil((quantities.words ?? 0) / 25) +
    (rule.per_section ?? 0) * (quantities.sections ?? 0);
  return Math.max(rule.minimum ?? 0, cost);
}

/** Assumed voice details. */
export interface VoiceDetails {
  voice_id: string;
  name: string;
  /** BCP 47 language tag, e.g. `en-GB`. */
  language: string;
  accent?: string;
  gender?: 'female' | 'male' | 'neutral';
  /** Speaking speed the asset was made with (1 = normal). */
  speed?: number;
  [field: string]: unknown;
}

/** Assumed music details. */
export interface MusicDetails {
  track_id: string;
  title: string;
  style: string;
  mood?: string;
  tempo_bpm?: number;
  duration_s?: number;
  loopable?: boolean;
  [field: string]: unknown;
}

/** Assumed metadata of a generated asset (an audio file the service made). */
export interface AssetMetadata {
  asset_id: string;
  kind: 'voice' | 'music' | 'mix' | 'ad';
  /** Where to fetch the audio; a `/v1/` URL of the service gets the token, any other URL does not. */
  url: string;
  mime_type: string;
  duration_s: number;
  sample_rate?: number;
  voice?: VoiceDetails;
  music?: MusicDetails;
  /**
   * Assumed (not shown): when each word of a voice-over's text is heard, in seconds from the take's start, in the
   * text's order (Amazon Polly's speech marks, Azure's word boundaries, ElevenLabs' alignment give the same). The
   * editor reads it with `wordTimings` (src/api/word-timings.ts); without it, it estimates.
   */
  words?: WordTiming[];
  [field: string]: unknown;
}

/** Assumed: one word of a voice-over's text and when it is heard. */
export interface WordTiming {
  /** The word as the text has it (what lies between two spaces). */
  text: string;
  start_s: number;
  end_s: number;
}

// ---------------------------------------------------------------------------------------------------
// Recommendation.

/** One part of a script, e.g. hook, body, call to action. `id` is stable across edits. Assumed. */
export interface ScriptSection {
  id: string;
  label: string;
  text: string;
}

/** Known fields of `POST /v1/recommend/url`; which are required is not shown (we send all four). */
export interface RecommendUrlRequest {
  project_id: string;
  url: string;
  /** Target duration in seconds (unit assumed). */
  duration: number;
  max_recommendations: number;
  /** Assumed field name. */
  webhook?: WebhookConfig;
}

/** Assumed: product-based recommendation. */
export interface RecommendProductRequest {
  project_id: string;
  product: { name: string; description: string; url?: string; price?: string };
  duration: number;
  max_recommendations: number;
  webhook?: WebhookConfig;
}

/** Assumed: one recommended composition. */
export interface Recommendation {
  recommendation_id: string;
  title: string;
  script: { sections: ScriptSection[] };
  voice: VoiceDetails;
  music: MusicDetails;
  /** Estimated duration of the finished ad, in seconds. */
  duration_s: number;
  /**
   * Assumed (the emulator sends it): the slot the script was fitted to, seconds (the request's `duration`);
   * `duration_s` is then the ad's measured length, within 1 s under it.
   */
  target_duration_s?: number;
  [field: string]: unknown;
}

/** Assumed: the `result` of a recommendation job. */
export interface RecommendResult {
  recommendations: Recommendation[];
  usage?: Usage;
}

// ---------------------------------------------------------------------------------------------------
// Formatting, voice-over, mixing, generation. All assumed.

/** Assumed: fit a script to a duration. */
export interface FormatRequest {
  project_id: string;
  sections: ScriptSection[];
  duration: number;
  voice_id?: string;
  speed?: number;
  /**
   * ASSUMPTION (the editor's "New version", honoured by the emulator): ids of sections to keep word for word
   * (the brand line, the call to action, locked sections). The service may shorten the others or leave them
   * empty (text `''`: the section is dropped), and fits the whole laid-out ad (lead, gaps, tail) in
   * `duration`. When the kept sections alone are too long it refuses with 422 `cannot_fit` and the reason in
   * its message ("the Call to action alone takes 7.4 s").
   */
  keep_section_ids?: string[];
}

/** Assumed (the emulator's): one section `format` changed, with its estimated speaking time before and after. */
export interface FormatChange {
  section_id: string;
  label: string;
  before_s: number;
  after_s: number;
}

export interface FormatResult {
  sections: ScriptSection[];
  estimated_duration_s: number;
  /** Assumed (the emulator sends it): the sections it changed; empty when the script already fitted. */
  changes?: FormatChange[];
  /** Assumed (the emulator sends it): the same in English, e.g. `shortened Body by 2.1 s` or `already fits`. */
  summary?: string;
  usage?: Usage;
}

/** Assumed: speak one text. */
export interface VoiceoverRequest {
  project_id: string;
  text: string;
  voice_id: string;
  speed?: number;
  /** Lets the result be matched to the script section it voices. */
  section_id?: string;
  /**
   * Assumed (`PRONUNCIATIONS_FIELD`): the entries that apply to `text`, said as their `say`. Sent under the
   * name `config.api.pronunciationsField`; with that `null`, the client respells `text` instead and sends none.
   */
  pronunciations?: PronunciationRequestEntry[];
  /** ASSUMPTION: `text` with its direction (src/script/direction.ts) as escaped SSML 1.1, only when it has some; an adapter may map it, `api.direction: 'none'` drops it (docs/api.md). */
  ssml?: string;
}

/** Assumed: one pronunciation entry of a voice-over request. */
export interface PronunciationRequestEntry {
  /** The word or phrase as the text has it. */
  text: string;
  /** How the voice says it. */
  say: string;
  /** Match `text` only in this case; absent: any case. */
  case_sensitive?: boolean;
}

export interface VoiceoverResult {
  asset: AssetMetadata;
  section_id?: string;
  usage?: Usage;
}

/** Assumed: mix voice assets over a music bed on the service side. */
export interface MixRequest {
  project_id: string;
  duration: number;
  voice: Array<{ asset_id: string; start_s: number; gain_db?: number }>;
  music?: { asset_id: string; gain_db?: number; fade_in_s?: number; fade_out_s?: number };
  ducking?: { depth_db: number; attack_ms: number; release_ms: number };
}

export interface MixResult {
  asset: AssetMetadata;
  usage?: Usage;
}

/** Assumed: generate a complete ad from a recommendation or a composition. */
export interface GenerateRequest {
  project_id: string;
  recommendation_id?: string;
  composition?: { sections: ScriptSection[]; voice_id: string; track_id: string; duration: number };
  mastering?: { target_lufs: number; true_peak_dbtp: number };
  webhook?: WebhookConfig;
}

export interface GenerateResult {
  asset: AssetMetadata;
  voiceovers: AssetMetadata[];
  music?: AssetMetadata;
  usage?: Usage;
}

// ---------------------------------------------------------------------------------------------------
// Libraries. All assumed.

export interface VoiceLibraryEntry extends VoiceDetails {
  /** A short sample to audition. */
  sample_url: string;
  /** Speaking rate at speed 1, for duration estimates. */
  words_per_minute: number;
}

export interface VoiceLibrary {
  voices: VoiceLibraryEntry[];
}

export interface MusicLibraryEntry extends MusicDetails {
  /** The full, loopable bed. */
  url: string;
  /** A short preview. */
  preview_url: string;
}

export interface MusicLibrary {
  tracks: MusicLibraryEntry[];
}

// ---------------------------------------------------------------------------------------------------
// Adapters (`config.api.operations`): a service shaped otherwise than the assumptions above is read through
// per-operation overrides, and what they give is checked against the typed results (`./result-schema.ts`).

/** The editor's typed input of each operation: what an adapter's `request` receives. */
export interface OperationInputs {
  recommendUrl: RecommendUrlRequest;
  recommendProduct: RecommendProductRequest;
  format: FormatRequest;
  /** With `api.pronunciationsField: null`, `text` is respelled and `pronunciations` left out. */
  voiceover: VoiceoverRequest;
  mix: MixRequest;
  generate: GenerateRequest;
  job: { job_id: string };
  voices: Record<string, never>;
  music: Record<string, never>;
  pricing: Record<string, never>;
}

/** The editor's typed result of each operation: what an adapter's `response` must give (checked at run time). */
export interface OperationResults {
  recommendUrl: RecommendResult;
  recommendProduct: RecommendResult;
  format: FormatResult;
  voiceover: VoiceoverResult;
  mix: MixResult;
  generate: GenerateResult;
  job: JobStatus;
  voices: VoiceLibrary;
  music: MusicLibrary;
  pricing: PriceList;
}

/** What a `response` adapter gives when the service started a job: where to poll it (under `<baseUrl>/v1/`). */
export interface JobStart {
  poll_url: string;
  job_id?: string;
}

/**
 * One poll of a job, as the editor reads it: the default reads a `JobRecord` (`status` `succeeded` with
 * `result`, `failed` with `error.message`, `cancelled`, anything else pending); `api.operations.job.response`
 * reads another service's.
 */
export type JobStatus =
  | { state: 'pending'; /** 0 to 1. */ progress?: number; stage?: string; job_id?: string }
  | { state: 'succeeded'; /** The operation's answer, read by that operation's `response` as if answered 200. */ result: unknown; job_id?: string }
  | { state: 'failed'; message?: string; code?: string; job_id?: string }
  | { state: 'cancelled'; job_id?: string };

/** The HTTP methods an operation may be sent with. */
export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

/**
 * How the editor talks to one operation of a service shaped otherwise (`config.api.operations[name]`). Each
 * function may be async; it runs within `api.timeoutMs`. A function that throws, hangs or gives a wrong
 * shape ends the call with a `contract` StudioApiError naming the operation and the field, and the project
 * is left as it was.
 */
export interface OperationOverride<Op extends Exclude<ApiOperation, 'job'> = Exclude<ApiOperation, 'job'>> {
  /** Default `POST` for the operations that start work, `GET` for `voices`, `music` and `pricing`. */
  method?: OperationMethod;
  /** Like `api.paths[name]` (which it replaces): a path under `/v1/`. */
  path?: string;
  /**
   * The editor's typed input -> what the service wants: the JSON body, or for `GET` a plain object of query
   * parameters (strings, numbers, booleans). Default: the input itself (no query for `GET`).
   */
  request?: (input: OperationInputs[Op]) => unknown;
  /**
   * The service's 2xx answer (parsed JSON) and its status -> the editor's typed result, or `{ poll_url }` when
   * the service started a job. A job's finished `result` comes here too, with status 200. Default: the answer
   * itself, a job when the status is 202.
   */
  response?: (json: unknown, status: number) => OperationResults[Op] | JobStart | Promise<OperationResults[Op] | JobStart>;
}

/** How the editor reads a job (`config.api.operations.job`). */
export interface JobOverride {
  /** Like `api.paths.job`: a path under `/v1/` containing `{job_id}` (`ServiceClient.job`; polling follows `poll_url`). */
  path?: string;
  /** One poll answer (parsed JSON) and its status -> the job's `JobStatus`. */
  response?: (json: unknown, status: number) => JobStatus | Promise<JobStatus>;
}

/** `config.api.operations`: an override per operation, each optional. */
export type OperationOverrides = { [Op in Exclude<ApiOperation, 'job'>]?: OperationOverride<Op> } & { job?: JobOverride };
