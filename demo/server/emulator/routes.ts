// The emulator's request handler: CORS, admin routes, public files, then /v1/ with faults and auth.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX, AUTH_TOKEN_PATH, DEFAULT_PATHS, type AuthTokenResponse } from '../../../src/api/contract.js';
import { HttpError, bearerToken, isLoopbackPeer, readJsonObject, sendError, sendJson } from '../http.js';
import type { OperationAnswer } from './answer.js';
import type { OperationContext } from './context.js';
import { cors } from './cors.js';
import { cdnFile, musicLibrary, sendWav, voiceLibrary } from './library.js';
import { format, recommendProduct, recommendUrl } from './operations.js';
import { generate, mixOperation, voiceover } from './production.js';
import type { EmulatorState } from './state.js';
import { ACCOUNT_USER } from './tokens.js';
import { PRICE_LIST } from './usage.js';
import { testRedirect } from './test-routes.js';
import * as check from './validate.js';

type PostHandler = (ctx: OperationContext) => OperationAnswer | Promise<OperationAnswer>;

const POSTS: Record<string, PostHandler> = {
  [DEFAULT_PATHS.recommendUrl]: recommendUrl,
  [DEFAULT_PATHS.recommendProduct]: recommendProduct,
  [DEFAULT_PATHS.format]: format,
  [DEFAULT_PATHS.voiceover]: voiceover,
  [DEFAULT_PATHS.mix]: mixOperation,
  [DEFAULT_PATHS.generate]: generate,
};
const JOB_PATH = new RegExp(`^${DEFAULT_PATHS.job.replace('{job_id}', '([A-Za-z0-9_-]+)')}$`);
const ASSET_PATH = /^\/v1\/assets\/([A-Za-z0-9_-]+)$/;

/** Builds the request handler of an emulator over `state`. */
export function emulatorHandler(state: EmulatorState) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    try {
      if (state.options.testRoutes && request.method !== 'OPTIONS') {
        state.requests.add(request);
        state.voiceoverRate.add(request, DEFAULT_PATHS.voiceover, state.options.now());
      }
      if (cors(request, response, state.options.allowedOrigins)) return;
      await route(state, request, response);
    } catch (error) {
      if (error instanceof HttpError) {
        if (!response.headersSent) sendError(response, error);
        else response.end();
        return;
      }
      console.error('emulator: request failed:', error);
      if (!response.headersSent) sendError(response, new HttpError(500, 'internal_error', 'The emulator failed on this request.'));
      else response.end();
    }
  };
}

function allow(request: IncomingMessage, ...methods: string[]): void {
  if (!methods.includes(request.method ?? '')) {
    throw new HttpError(405, 'method_not_allowed', `Use ${methods.join(' or ')} here.`, { allow: methods.join(', ') });
  }
}

async function route(state: EmulatorState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://emulator').pathname;
  const head = request.method === 'HEAD';

  if (path.startsWith('/__emulator/')) return admin(state, path, request, response);

  if (path.startsWith('/cdn/')) {
    allow(request, 'GET', 'HEAD');
    const wav = await cdnFile(path);
    if (!wav) throw new HttpError(404, 'not_found', `No file at ${path}.`);
    return sendWav(response, wav, head, 'public, max-age=3600');
  }

  if (!path.startsWith(API_PREFIX)) throw new HttpError(404, 'not_found', `No route ${path}. The service lives under ${API_PREFIX}.`);

  if (path === AUTH_TOKEN_PATH) return mintToken(state, request, response);

  const fault = state.faults.takeRequestFault(claimedUser(state, request));
  if (fault) throw new HttpError(fault.status, fault.code, fault.message, fault.headers);

  const userId = authenticate(state, request);

  if (state.options.testRoutes && testRedirect(path, request, response)) return;

  const post = POSTS[path];
  if (post) {
    allow(request, 'POST');
    const body = await readJsonObject(request, state.options.bodyLimit);
    const key = request.headers['idempotency-key'];
    const start = async () => post({ state, userId, body });
    const answer = typeof key === 'string' ? await state.idempotency.run(userId, key, { path, body }, start) : await start();
    if (state.faults.takeLostAnswer(userId)) {
      throw new HttpError(500, 'internal_error', 'Internal error after the request was carried out (forced by the emulator: the answer was lost).');
    }
    return sendJson(response, answer.status, answer.body);
  }
  const job = JOB_PATH.exec(path);
  if (job) {
    allow(request, 'GET');
    const record = state.jobs.get(job[1]!, userId);
    if (!record) throw new HttpError(404, 'job_not_found', `No job ${job[1]} for this user.`);
    return sendJson(response, 200, record);
  }
  const asset = ASSET_PATH.exec(path);
  if (asset) {
    allow(request, 'GET', 'HEAD');
    const stored = state.assets.get(asset[1]!, userId);
    if (!stored) throw new HttpError(404, 'asset_not_found', `No asset ${asset[1]} for this user.`);
    return sendWav(response, stored.wav, head, 'private, no-store');
  }
  if (path === DEFAULT_PATHS.voices) {
    allow(request, 'GET');
    return sendJson(response, 200, await voiceLibrary(state.baseUrl));
  }
  if (path === DEFAULT_PATHS.pricing) {
    allow(request, 'GET');
    return sendJson(response, 200, PRICE_LIST);
  }
  if (path === DEFAULT_PATHS.music) {
    allow(request, 'GET');
    return sendJson(response, 200, musicLibrary(state.baseUrl));
  }
  throw new HttpError(404, 'not_found', `No operation at ${path}.`);
}

/** The user a request's credentials name, valid or not (for scoped faults); undefined when none. */
function claimedUser(state: EmulatorState, request: IncomingMessage): string | undefined {
  if (request.headers['x-api-key'] !== undefined) return ACCOUNT_USER;
  const token = bearerToken(request);
  return token ? state.tokens.userOf(token) : undefined;
}

/** The user a `/v1/` request acts for: the token's user, or the account with `x-api-key`. 401 otherwise. */
function authenticate(state: EmulatorState, request: IncomingMessage): string {
  const key = request.headers['x-api-key'];
  if (key !== undefined) {
    if (key !== state.options.apiKey) throw new HttpError(401, 'invalid_api_key', 'The x-api-key is not valid.');
    return ACCOUNT_USER;
  }
  const challenge = { 'www-authenticate': 'Bearer error="invalid_token"' };
  if (request.headers.authorization === undefined) {
    throw new HttpError(401, 'missing_credentials', 'Send "Authorization: Bearer <token>" (or x-api-key, server to server).', { 'www-authenticate': 'Bearer' });
  }
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'invalid_authorization', 'The Authorization header must be "Bearer <token>".', challenge);
  const checked = state.tokens.check(token);
  if (!checked.ok) {
    throw checked.reason === 'expired'
      ? new HttpError(401, 'token_expired', 'The token has expired; get a new one from the host backend.', challenge)
      : new HttpError(401, 'token_invalid', 'The token is not known to this service.', challenge);
  }
  return checked.userId;
}

/** `POST /v1/auth/token` (server to server): `x-api-key`, body `{ user_id }` -> `AuthTokenResponse`. */
async function mintToken(state: EmulatorState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  allow(request, 'POST');
  const key = request.headers['x-api-key'];
  if (key === undefined) throw new HttpError(401, 'missing_api_key', 'Send the account API key in x-api-key.');
  if (key !== state.options.apiKey) throw new HttpError(401, 'invalid_api_key', 'The x-api-key is not valid.');
  const body = await readJsonObject(request, 16 * 1024);
  const userId = check.string(body, 'user_id', 256);
  const { token, expiresIn } = state.tokens.mint(userId);
  const answer: AuthTokenResponse = { token, type: 'Bearer', expires_in: expiresIn };
  sendJson(response, 200, answer);
}

/** Loopback-only switches: `POST /__emulator/faults`, `POST /__emulator/reset`, `POST /__emulator/expire-tokens`, `GET /__emulator/state`
 * (and `GET /__emulator/requests`, `GET /__emulator/voiceover-rate` and `GET /__emulator/voiceovers?user=<id>` with `testRoutes`). */
async function admin(state: EmulatorState, path: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (!isLoopbackPeer(request)) throw new HttpError(403, 'forbidden', 'The emulator admin routes answer only on loopback.');
  switch (path) {
    case '/__emulator/faults': {
      allow(request, 'GET', 'POST');
      if (request.method === 'POST') {
        try {
          state.faults.set(await readJsonObject(request, 16 * 1024));
        } catch (error) {
          if (error instanceof HttpError) throw error;
          throw new HttpError(400, 'invalid_fault', (error as Error).message);
        }
      }
      return sendJson(response, 200, { faults: state.faults.settings });
    }
    case '/__emulator/reset':
      allow(request, 'POST');
      state.reset();
      return sendJson(response, 200, { faults: state.faults.settings });
    case '/__emulator/expire-tokens': {
      allow(request, 'POST');
      const body = await readJsonObject(request, 16 * 1024);
      state.tokens.expire(check.optionalString(body, 'user_id', 256));
      return sendJson(response, 200, { expired: true });
    }
    case '/__emulator/requests':
      if (!state.options.testRoutes) throw new HttpError(404, 'not_found', 'Start the emulator with testRoutes to log requests.');
      allow(request, 'GET');
      return sendJson(response, 200, { requests: state.requests.entries });
    case '/__emulator/voiceover-rate':
      if (!state.options.testRoutes) throw new HttpError(404, 'not_found', 'Start the emulator with testRoutes to count voice-over requests.');
      allow(request, 'GET');
      return sendJson(response, 200, { perSecond: state.voiceoverRate.counts });
    case '/__emulator/voiceovers': {
      if (!state.options.testRoutes) throw new HttpError(404, 'not_found', 'Start the emulator with testRoutes to log voice-over texts.');
      allow(request, 'GET');
      const user = new URL(request.url ?? '/', 'http://emulator').searchParams.get('user');
      if (user === null) throw new HttpError(400, 'invalid_request', 'Give the user in ?user=.');
      return sendJson(response, 200, { texts: state.voiceoverTexts.of(user) });
    }
    case '/__emulator/state':
      allow(request, 'GET');
      return sendJson(response, 200, { faults: state.faults.settings, webhooks: state.webhooks.log, options: { tokenTtlS: state.options.tokenTtlS, jobStepMs: state.options.jobStepMs, allowedOrigins: state.options.allowedOrigins } });
    default:
      throw new HttpError(404, 'not_found', `No admin route ${path}.`);
  }
}
