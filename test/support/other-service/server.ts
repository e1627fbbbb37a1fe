// A second service for the tests, shaped unlike the emulator: its own paths, camelCase fields, every result
// nested under `data`, its own task states and progress scale. It is a reshaping proxy in front of the
// emulator: each operation of OPERATIONS turns a request of its own shape into the emulator's
// (`toEmulator`), forwards it with the caller's headers, and turns the emulator's answer back into its own
// (`fromEmulator`). The editor reads it only through the adapters of test/fixtures/other-service-adapters.mjs.
//
// Passed through unchanged: error answers (non-2xx), `POST /v1/auth/token` (its shape is fixed by the spec),
// assets and library audio (`/v1/assets/*`, `/cdn/*`, streamed with their headers) and CORS (preflights are
// answered by the emulator, its `access-control-*` headers copied). Every absolute URL of the emulator in an
// answer is rewritten to this service's origin, so audio is fetched through it too.
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AUTH_TOKEN_PATH, DEFAULT_PATHS,
  type AssetMetadata, type FormatRequest, type FormatResult, type GenerateRequest, type GenerateResult, type JobAccepted, type JobRecord,
  type MixRequest, type MixResult, type MusicDetails, type MusicLibrary, type PriceList, type PriceRule, type RecommendProductRequest,
  type RecommendResult, type RecommendUrlRequest, type ScriptSection, type Usage, type VoiceDetails, type VoiceLibrary, type VoiceoverRequest,
  type VoiceoverResult,
} from '../../../src/api/contract.js';

// ---------------------------------------------------------------------------------------------------
// The service's own shapes.

/** A part of a script (the editor's `ScriptSection`). */
export interface Part { id: string; heading: string; copy: string }
export interface Voice { id: string; name: string; locale: string; accent?: string; gender?: 'female' | 'male' | 'neutral'; speed?: number }
export interface Track { id: string; title: string; style: string; mood?: string; tempoBpm?: number; seconds?: number; loopable?: boolean }
/** A generated audio file (the editor's `AssetMetadata`). */
export interface Audio {
  id: string; type: 'voice' | 'music' | 'mix' | 'ad'; audioUrl: string; contentType: string; seconds: number;
  sampleRateHz?: number; channelCount?: number; partId?: string; voice?: Voice; track?: Track;
  /** When each word is said, as Polly's speech marks: `{ word, fromSeconds, toSeconds }`. */
  marks?: { word: string; fromSeconds: number; toSeconds: number }[];
}
export interface Billing { credits: { used: number; remaining?: number }; operation?: string; projectId?: string }
export interface Idea {
  id: string; headline: string; script: { parts: Part[] }; voice: Voice; track: Track;
  timing: { seconds: number; targetSeconds?: number }; category?: string;
}
export interface FitEdit { partId: string; heading: string; secondsBefore: number; secondsAfter: number }
export interface CatalogVoice extends Voice { sampleUrl: string; wordsPerMinute: number }
export interface CatalogTrack extends Track { audioUrl: string; previewUrl: string }
/** One operation's price: `flat` plus so much per idea, per 25 words, per part; at least `minimum`. */
export interface Price { operation: string; flat?: number; perIdea?: number; perTwentyFiveWords?: number; perPart?: number; minimum?: number }

/** What every operation answers when it is done (200), and a finished task's `output`: `{ data }`. */
export interface Done<T> { data: T }
export type IdeasData = { ideas: Idea[]; billing?: Billing };
export type FitData = { fit: { script: { parts: Part[] }; estimatedSeconds: number; edits?: FitEdit[]; note?: string }; billing?: Billing };
export type SpeechData = { speech: { audio: Audio; partId?: string }; billing?: Billing };
export type MixData = { mix: { audio: Audio }; billing?: Billing };
export type AdData = { ad: { audio: Audio; speech: Audio[]; bed?: Audio }; billing?: Billing };
export type VoicesData = { voices: CatalogVoice[] };
export type TracksData = { tracks: CatalogTrack[] };
export type PricesData = { prices: Price[] };

export type TaskState = 'WAITING' | 'WORKING' | 'DONE' | 'ERROR' | 'CANCELED';
/** A task: answered 202 by an operation that started one, and by `GET /v1/tasks/{id}`. */
export interface TaskDocument {
  data: {
    task: {
      id: string; state: TaskState;
      /** 0 to 100. */
      percent?: number; step?: string;
      /** With `DONE`: what the operation answers when it is done at once, `{ data }`. */
      output?: Done<unknown>;
      /** With `ERROR`. */
      problem?: { code: string; detail: string };
      billing?: Billing;
    };
  };
  links: { self: string };
}

/** Request bodies (and, for `GET /v1/catalog/voices`, the query). */
export interface IdeasFromPageBody { projectId: string; page: { url: string }; targetSeconds: number; count: number; callbackUrl?: string }
export interface IdeasFromProductBody {
  projectId: string; product: { name: string; pitch: string; pageUrl?: string; price?: string }; targetSeconds: number; count: number; callbackUrl?: string;
}
export interface FitBody { projectId: string; script: { parts: Part[] }; targetSeconds: number; voiceId?: string; speed?: number; keepPartIds?: string[] }
export interface SpeechBody {
  projectId: string; input: { text: string; partId?: string }; voice: { id: string; speed?: number };
  lexicon?: Array<{ match: string; sayAs: string; matchCase?: boolean }>;
}
export interface MixBody {
  projectId: string; lengthSeconds: number; speech: Array<{ audioId: string; atSeconds: number; gainDb?: number }>;
  bed?: { audioId: string; gainDb?: number; fadeInSeconds?: number; fadeOutSeconds?: number };
  ducking?: { depthDb: number; attackMs: number; releaseMs: number };
}
export interface AdBody {
  projectId: string; ideaId?: string; composition?: { script: { parts: Part[] }; voiceId: string; trackId: string; lengthSeconds: number };
  loudness?: { targetLufs: number; truePeakDbtp: number }; callbackUrl?: string;
}
export interface VoicesQuery { limit: string }

// ---------------------------------------------------------------------------------------------------
// From the emulator's shapes into this service's.

const part = (section: ScriptSection): Part => ({ id: section.id, heading: section.label, copy: section.text });
const section = (from: Part): ScriptSection => ({ id: from.id, label: from.heading, text: from.copy });
const voice = (details: VoiceDetails): Voice => ({
  id: details.voice_id, name: details.name, locale: details.language, accent: details.accent, gender: details.gender, speed: details.speed,
});
const track = (details: MusicDetails): Track => ({
  id: details.track_id, title: details.title, style: details.style, mood: details.mood,
  tempoBpm: details.tempo_bpm, seconds: details.duration_s, loopable: details.loopable,
});
const audio = (asset: AssetMetadata): Audio => ({
  id: asset.asset_id, type: asset.kind, audioUrl: asset.url, contentType: asset.mime_type, seconds: asset.duration_s,
  sampleRateHz: asset.sample_rate, channelCount: asset.channels as number | undefined, partId: asset.section_id as string | undefined,
  voice: asset.voice && voice(asset.voice), track: asset.music && track(asset.music),
  marks: asset.words?.map((word) => ({ word: word.text, fromSeconds: word.start_s, toSeconds: word.end_s })),
});
const billing = (usage: Usage | undefined): Billing | undefined =>
  usage && {
    credits: { used: usage.credits_used, remaining: usage.credits_remaining },
    operation: usage.operation as string | undefined, projectId: usage.project_id as string | undefined,
  };
const webhook = (callbackUrl: string | undefined) => (callbackUrl === undefined ? undefined : { url: callbackUrl });

/** This service's names of the operations it prices. */
const PRICED: Record<keyof PriceList['operations'], string> = {
  recommendUrl: 'recommend-url', recommendProduct: 'recommend-product', format: 'fit', voiceover: 'speech', mix: 'mix', generate: 'ad',
};

const TASK_STATES: Record<string, TaskState> = { queued: 'WAITING', running: 'WORKING', succeeded: 'DONE', failed: 'ERROR', cancelled: 'CANCELED' };

// ---------------------------------------------------------------------------------------------------
// The operations.

/** A failure answered in the emulator's error shape (`{ error: { code, message } }`), which this service shares. */
class Refusal extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

interface Operation<Request, Result> {
  method: 'GET' | 'POST';
  /** This service's path (under /v1/). */
  path: string;
  /** The emulator's. */
  emulatorPath: string;
  /** Dotted names of the fields (for a GET: query parameters) a request must have; else 422 naming the first missing. */
  required: string[];
  /** The emulator's body (POST); a GET forwards no query. */
  toEmulator?: (request: Request) => unknown;
  /** The `data` of the answer, from the emulator's result (of the answer or of the finished job). */
  fromEmulator: (result: Result, request: Request) => unknown;
}

/** One table entry, its request and result types checked, then erased so the table can hold them all. */
const operation = <Request, Result>(spec: Operation<Request, Result>) => spec as unknown as Operation<unknown, unknown>;

const ideas = (result: RecommendResult): IdeasData => ({
  ideas: result.recommendations.map((idea) => ({
    id: idea.recommendation_id, headline: idea.title, script: { parts: idea.script.sections.map(part) },
    voice: voice(idea.voice), track: track(idea.music),
    timing: { seconds: idea.duration_s, targetSeconds: idea.target_duration_s }, category: idea.category as string | undefined,
  })),
  billing: billing(result.usage),
});

const OPERATIONS = {
  recommendUrl: operation<IdeasFromPageBody, RecommendResult>({
    method: 'POST', path: '/v1/recommend/url', emulatorPath: DEFAULT_PATHS.recommendUrl,
    required: ['projectId', 'page.url', 'targetSeconds', 'count'],
    toEmulator: (body): RecommendUrlRequest => ({
      project_id: body.projectId, url: body.page.url, duration: body.targetSeconds, max_recommendations: body.count, webhook: webhook(body.callbackUrl),
    }),
    fromEmulator: ideas,
  }),
  recommendProduct: operation<IdeasFromProductBody, RecommendResult>({
    method: 'POST', path: '/v1/recommend/product', emulatorPath: DEFAULT_PATHS.recommendProduct,
    required: ['projectId', 'product.name', 'product.pitch', 'targetSeconds', 'count'],
    toEmulator: (body): RecommendProductRequest => ({
      project_id: body.projectId,
      product: { name: body.product.name, description: body.product.pitch, url: body.product.pageUrl, price: body.product.price },
      duration: body.targetSeconds, max_recommendations: body.count, webhook: webhook(body.callbackUrl),
    }),
    fromEmulator: ideas,
  }),
  format: operation<FitBody, FormatResult>({
    method: 'POST', path: '/v1/scripts/fit', emulatorPath: DEFAULT_PATHS.format,
    required: ['projectId', 'script.parts', 'targetSeconds'],
    toEmulator: (body): FormatRequest => ({
      project_id: body.projectId, sections: body.script.parts.map(section), duration: body.targetSeconds,
      voice_id: body.voiceId, speed: body.speed, keep_section_ids: body.keepPartIds,
    }),
    fromEmulator: (result): FitData => ({
      fit: {
        script: { parts: result.sections.map(part) }, estimatedSeconds: result.estimated_duration_s,
        edits: result.changes?.map((change) => ({ partId: change.section_id, heading: change.label, secondsBefore: change.before_s, secondsAfter: change.after_s })),
        note: result.summary,
      },
      billing: billing(result.usage),
    }),
  }),
  voiceover: operation<SpeechBody, VoiceoverResult>({
    method: 'POST', path: '/v1/speech', emulatorPath: DEFAULT_PATHS.voiceover,
    required: ['projectId', 'input.text', 'voice.id'],
    toEmulator: (body): VoiceoverRequest => ({
      project_id: body.projectId, text: body.input.text, section_id: body.input.partId, voice_id: body.voice.id, speed: body.voice.speed,
      pronunciations: body.lexicon?.map((entry) => ({ text: entry.match, say: entry.sayAs, case_sensitive: entry.matchCase })),
    }),
    fromEmulator: (result): SpeechData => ({ speech: { audio: audio(result.asset), partId: result.section_id }, billing: billing(result.usage) }),
  }),
  mix: operation<MixBody, MixResult>({
    method: 'POST', path: '/v1/mix', emulatorPath: DEFAULT_PATHS.mix,
    required: ['projectId', 'lengthSeconds', 'speech'],
    toEmulator: ({ bed, ducking, ...body }): MixRequest => ({
      project_id: body.projectId, duration: body.lengthSeconds,
      voice: body.speech.map((clip) => ({ asset_id: clip.audioId, start_s: clip.atSeconds, gain_db: clip.gainDb })),
      music: bed && { asset_id: bed.audioId, gain_db: bed.gainDb, fade_in_s: bed.fadeInSeconds, fade_out_s: bed.fadeOutSeconds },
      ducking: ducking && { depth_db: ducking.depthDb, attack_ms: ducking.attackMs, release_ms: ducking.releaseMs },
    }),
    fromEmulator: (result): MixData => ({ mix: { audio: audio(result.asset) }, billing: billing(result.usage) }),
  }),
  generate: operation<AdBody, GenerateResult>({
    method: 'POST', path: '/v1/ads', emulatorPath: DEFAULT_PATHS.generate,
    required: ['projectId', 'ideaId|composition'],
    toEmulator: ({ composition, loudness, ...body }): GenerateRequest => ({
      project_id: body.projectId, recommendation_id: body.ideaId,
      composition: composition && {
        sections: composition.script.parts.map(section), voice_id: composition.voiceId, track_id: composition.trackId, duration: composition.lengthSeconds,
      },
      mastering: loudness && { target_lufs: loudness.targetLufs, true_peak_dbtp: loudness.truePeakDbtp },
      webhook: webhook(body.callbackUrl),
    }),
    fromEmulator: (result): AdData => ({
      ad: { audio: audio(result.asset), speech: result.voiceovers.map(audio), bed: result.music && audio(result.music) },
      billing: billing(result.usage),
    }),
  }),
  voices: operation<VoicesQuery, VoiceLibrary>({
    method: 'GET', path: '/v1/catalog/voices', emulatorPath: DEFAULT_PATHS.voices,
    required: ['limit'],
    fromEmulator: (library, query): VoicesData => {
      const limit = Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new Refusal(422, 'invalid_field', 'limit must be a whole number, at least 1.');
      return { voices: library.voices.slice(0, limit).map((entry) => ({ ...voice(entry), sampleUrl: entry.sample_url, wordsPerMinute: entry.words_per_minute })) };
    },
  }),
  music: operation<object, MusicLibrary>({
    method: 'GET', path: '/v1/catalog/music', emulatorPath: DEFAULT_PATHS.music,
    required: [],
    fromEmulator: (library): TracksData => ({
      tracks: library.tracks.map((entry) => ({ ...track(entry), audioUrl: entry.url, previewUrl: entry.preview_url })),
    }),
  }),
  pricing: operation<object, PriceList>({
    method: 'GET', path: '/v1/pricing', emulatorPath: DEFAULT_PATHS.pricing,
    required: [],
    fromEmulator: (list): PricesData => ({
      prices: (Object.entries(list.operations) as Array<[keyof PriceList['operations'], PriceRule]>).map(([name, rule]) => ({
        operation: PRICED[name], flat: rule.base, perIdea: rule.per_recommendation,
        perTwentyFiveWords: rule.per_25_words, perPart: rule.per_section, minimum: rule.minimum,
      })),
    }),
  }),
};

/** This service's path of a task. */
export const TASK_PATH = '/v1/tasks/{job_id}';
const TASK = /^\/v1\/tasks\/([A-Za-z0-9_-]+)$/;
/** Forwarded as they are. */
const PASS_THROUGH = [new RegExp(`^${AUTH_TOKEN_PATH}$`), /^\/v1\/assets\/[A-Za-z0-9_-]+$/, /^\/cdn\//];
const FORWARDED_HEADERS = [
  'authorization', 'content-type', 'accept', 'idempotency-key', 'x-api-key', 'origin', 'access-control-request-method', 'access-control-request-headers',
];
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];

// ---------------------------------------------------------------------------------------------------
// The server.

/** A running other service. */
export interface OtherService {
  readonly url: string;
  /**
   * Every request it sent to the emulator, in order, as `METHOD /path` (without the query): a test compares them
   * with the emulator's request log to show that nothing reached the emulator but through this service.
   */
  forwarded(): readonly string[];
  close(): Promise<void>;
}

/** Starts the other service in front of the emulator at `emulatorUrl` (port 0, the default, picks a free one). */
export async function startOtherService(options: { emulatorUrl: string; port?: number; host?: string }): Promise<OtherService> {
  const emulator = new URL(options.emulatorUrl).origin;
  const agent = new Agent({ keepAlive: true });
  const forwarded: string[] = [];
  /** The operation that started each task, by the emulator's job id (= the task's id). */
  const tasks = new Map<string, Operation<unknown, unknown>>();
  let self = '';

  /** Sends a request to the emulator with the caller's headers of FORWARDED_HEADERS. */
  const forward = (method: string, path: string, incoming: IncomingHttpHeaders, body?: string | Buffer): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const headers: OutgoingHttpHeaders = {};
      for (const name of FORWARDED_HEADERS) if (incoming[name] !== undefined) headers[name] = incoming[name];
      if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
      forwarded.push(`${method} ${path.split('?')[0]!}`);
      const outgoing = httpRequest(`${emulator}${path}`, { method, headers, agent }, resolve);
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  /** The emulator's answer, streamed as it is (its headers but the hop-by-hop ones). */
  const pipe = (answer: IncomingMessage, response: ServerResponse) => {
    response.writeHead(answer.statusCode ?? 502, headersOf(answer));
    answer.pipe(response);
  };

  /** A JSON answer of this service, with the emulator answer's headers (CORS, cache) where there is one. */
  const send = (response: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  };

  /** The emulator's JSON with each of its absolute URLs (poll links, assets, library audio) on this service's origin. */
  const readJson = async (answer: IncomingMessage): Promise<unknown> => JSON.parse((await text(answer)).replaceAll(`${emulator}/`, `${self}/`));

  /** The CORS headers the emulator gives `request`'s origin, for answers of this service's own (a preflight asks it). */
  const corsOf = async (request: IncomingMessage, path: string): Promise<OutgoingHttpHeaders> => {
    if (request.headers.origin === undefined) return {};
    const probe = await forward('OPTIONS', path, { origin: request.headers.origin, 'access-control-request-method': 'GET' });
    probe.resume();
    return Object.fromEntries(Object.entries(headersOf(probe)).filter(([name]) => name === 'access-control-allow-origin' || name === 'access-control-expose-headers'));
  };

  const runOperation = async (op: Operation<unknown, unknown>, request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (request.method !== op.method) throw new Refusal(405, 'method_not_allowed', `Use ${op.method} here.`);
    const input = op.method === 'GET' ? Object.fromEntries(url.searchParams) : await readBody(request);
    const missing = op.required.find((field) => field.split('|').every((either) => valueAt(input, either) === undefined));
    if (missing !== undefined) throw new Refusal(422, 'missing_field', `${missing.replace('|', ' or ')} is required.`);
    const body = op.toEmulator && JSON.stringify(op.toEmulator(input));
    const headers = body === undefined ? request.headers : { ...request.headers, 'content-type': 'application/json' };
    const answer = await forward(op.method, op.emulatorPath, headers, body);
    if (answer.statusCode === 202) {
      const accepted = (await readJson(answer)) as JobAccepted;
      const id = accepted.job_id ?? new URL(accepted.poll_url).pathname.split('/').pop()!;
      tasks.set(id, op);
      const started: TaskDocument = { data: { task: { id, state: 'WAITING' } }, links: { self: `${self}${TASK_PATH.replace('{job_id}', id)}` } };
      return send(response, 202, started, headersOf(answer));
    }
    if (!isOk(answer)) return pipe(answer, response);
    return send(response, answer.statusCode!, { data: op.fromEmulator(await readJson(answer), input) }, headersOf(answer));
  };

  const pollTask = async (id: string, request: IncomingMessage, response: ServerResponse) => {
    const op = tasks.get(id);
    if (op === undefined) throw new Refusal(404, 'task_not_found', `No task ${id}.`);
    const answer = await forward('GET', DEFAULT_PATHS.job.replace('{job_id}', id), request.headers);
    if (!isOk(answer)) return pipe(answer, response);
    const record = (await readJson(answer)) as JobRecord;
    const task: TaskDocument = {
      data: {
        task: {
          id, state: TASK_STATES[record.status] ?? 'WORKING', percent: record.progress === undefined ? undefined : Math.round(record.progress * 100),
          step: record.stage, output: record.result === undefined ? undefined : { data: op.fromEmulator(record.result, {}) },
          problem: record.error && { code: record.error.code, detail: record.error.message }, billing: billing(record.usage),
        },
      },
      links: { self: `${self}${TASK_PATH.replace('{job_id}', id)}` },
    };
    send(response, 200, task, headersOf(answer));
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://other-service');
    const op = Object.values(OPERATIONS).find((entry) => entry.path === url.pathname);
    const task = TASK.exec(url.pathname);
    const emulatorPath = op?.emulatorPath ?? (task ? DEFAULT_PATHS.job.replace('{job_id}', task[1]!) : url.pathname);
    try {
      if (request.method === 'OPTIONS') pipe(await forward('OPTIONS', emulatorPath, request.headers), response);
      else if (op) await runOperation(op, request, response, url);
      else if (task) await pollTask(task[1]!, request, response);
      else if (PASS_THROUGH.some((pattern) => pattern.test(url.pathname))) {
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await bytes(request);
        pipe(await forward(request.method ?? 'GET', `${url.pathname}${url.search}`, request.headers, body), response);
      } else throw new Refusal(404, 'not_found', `No operation at ${url.pathname}.`);
    } catch (error) {
      if (response.headersSent) return void response.end();
      const refusal = error instanceof Refusal ? error : new Refusal(502, 'bad_gateway', `The other service could not reach the emulator: ${(error as Error).message}`);
      const cors = await corsOf(request, emulatorPath).catch(() => ({}));
      send(response, refusal.status, { error: { code: refusal.code, message: refusal.message } }, cors);
    }
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  self = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
  return {
    url: self,
    forwarded: () => [...forwarded],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Helpers.

const isOk = (answer: IncomingMessage) => (answer.statusCode ?? 0) >= 200 && (answer.statusCode ?? 0) < 300;

/** The headers of an emulator answer but the hop-by-hop ones (a JSON answer of this service replaces its content type and length). */
function headersOf(answer: IncomingMessage): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
}

async function bytes(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const text = async (stream: IncomingMessage) => (await bytes(stream)).toString('utf8');

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse(await text(request));
  } catch {
    throw new Refusal(400, 'invalid_json', 'The body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refusal(400, 'invalid_body', 'The body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** The value at a dotted path (`page.url`), or undefined; null counts as absent. */
function valueAt(value: unknown, path: string): unknown {
  const found = path.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), value);
  return found ?? undefined;
}
