/**
 * The service contract, in one place.
 *
 * The product spec shows only a little of the service API: `POST /v1/auth/token` (server to server),
 * `POST /v1/recommend/url` with `project_id`, `url`, `duration`, `max_recommendations`, answered `202`
 * with a `poll_url`, and that other operations exist (product-based recommendation, formatting,
 * voice-over, mixing, complete ad generation, job status). Everything else here is an ASSUMPTION: the
 * contract of the local emulator (`demo/server/`), kept in this file so that it can be compared with the
 * real service and overridden (`config.api.paths`) without touching the rest of the editor.
 *
 * Each entry says whether it is known (from the spec) or assumed.
 */

/** Operations the editor can call, by name. Paths are relative to `api.baseUrl`. */
export const DEFAULT_PATHS = {
  /** Known: `POST`, body `{ project_id, url, duration, max_recommendations }`, answers 202 + `poll_url`. */
  recommendUrl: '/v1/recommend/url',
  /** Assumed: product-based recommendation, same job pattern as `recommendUrl`. */
  recommendProduct: '/v1/recommend/product',
  /** Assumed: format a script to a target duration. */
  format: '/v1/format',
  /** Assumed: voice-over of one piece of text. */
  voiceover: '/v1/voiceover',
  /** Assumed: mix a voice-over with a music bed. */
  mix: '/v1/mix',
  /** Assumed: complete audio-ad generation from a chosen composition. */
  generate: '/v1/generate',
  /** Assumed: job status; `{job_id}` is replaced. The poller normally follows `poll_url` instead. */
  job: '/v1/jobs/{job_id}',
  /** Assumed: the voice library. */
  voices: '/v1/voices',
  /** Assumed: the music library. */
  music: '/v1/music',
} as const;

export type ApiOperation = keyof typeof DEFAULT_PATHS;

export const API_OPERATIONS = Object.keys(DEFAULT_PATHS) as ApiOperation[];

/** Known: every service path carries this prefix, and only requests under it carry the token. */
export const API_PREFIX = '/v1/';
