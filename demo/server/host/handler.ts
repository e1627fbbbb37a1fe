// The reference host backend: the two endpoints the editor's auth callbacks call. A host application can copy
// this file: it holds the account API key server-side and hands the browser only short-lived user tokens.
//
//   POST /host/token    JSON { userId }                          -> { token }
//   POST /host/refresh  Authorization: Bearer <EXPIRED_TOKEN>    -> { token } (same user)
//   ?shape=accessToken (or the `shape` setting) answers { accessToken: { token } } instead.
//   POST /host/review/sign  JSON DecisionClaims                 -> { jws } (review.sign, docs/review.md)
//   GET  /host/review/jwks                                       -> the public keys (review.publicKeys, studio-verify)
//   GET  /host/review/heads?project=ID                           -> { heads: { version: link } } (studio-verify --heads)
//
// In a real application the user comes from your own session (cookie, SSO), not from the request body:
// check that the signed-in user may act as `userId`, or ignore the body and use the session's user.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, bearerToken, readJsonObject, sendError, sendJson } from '../http.js';
import { ServiceError, mintServiceToken } from './service-client.js';
import { TokenMemory } from './token-memory.js';
import { claimsProblem, decisionSigner, type DecisionSigner } from './decision-signer.js';

export interface HostOptions {
  /** The service's base URL (the emulator under `npm start`). */
  apiBaseUrl: () => string;
  /** The account API key. Never sent to the browser. */
  apiKey: string;
  /** Answer shape when the request does not ask: `token` (default) or `accessToken`. */
  shape?: 'token' | 'accessToken';
  /** Longest accepted user id. Default 256. */
  maxUserIdLength?: number;
  /** Signs review decisions; default: a key pair of its own, made at start. */
  signer?: DecisionSigner;
}

/** A decision's claims, with a note of 2,000 characters. */
const SIGN_BODY_LIMIT = 16 * 1024;

const BODY_LIMIT = 4 * 1024;

/** Builds the handler; it returns false for paths that are not its own. */
export function hostHandler(options: HostOptions) {
  const memory = new TokenMemory();
  const maxUserIdLength = options.maxUserIdLength ?? 256;
  const signer = options.signer ?? decisionSigner();

  // review.sign's endpoint: signs the decision the editor sends. A real host signs only what its own session says
  // (the signed-in user is the reviewer, with that role), and requires the session's cookie or token here.
  // The link of the last decision signed on each version, by project: what a delivered chain must end at.
  const heads = new Map<string, Record<string, string>>();
  const review = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (path === '/host/review/jwks' || path === '/host/review/heads') {
      if (request.method !== 'GET') throw new HttpError(405, 'method_not_allowed', `Use GET for ${path}.`, { allow: 'GET' });
      if (path === '/host/review/jwks') return sendJson(response, 200, signer.jwks(), { 'cache-control': 'no-store' });
      const project = new URL(request.url ?? '/', 'http://host').searchParams.get('project') ?? '';
      return sendJson(response, 200, { heads: heads.get(project) ?? {} }, { 'cache-control': 'no-store' });
    }
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', `Use POST for ${path}.`, { allow: 'POST' });
    const claims = await readJsonObject(request, SIGN_BODY_LIMIT);
    const problem = claimsProblem(claims);
    if (problem !== undefined) throw new HttpError(400, 'invalid_decision', `Not signed: ${problem}.`);
    const jws = signer.sign(claims);
    const project = claims['project'] as string;
    heads.set(project, { ...heads.get(project), [claims['version'] as string]: createHash('sha256').update(jws).digest('hex') });
    sendJson(response, 200, { jws });
  };

  const answer = (request: IncomingMessage, response: ServerResponse, token: string) => {
    const asked = new URL(request.url ?? '/', 'http://host').searchParams.get('shape');
    const shape = asked === 'accessToken' || asked === 'token' ? asked : (options.shape ?? 'token');
    sendJson(response, 200, shape === 'accessToken' ? { accessToken: { token } } : { token });
  };

  const mint = async (userId: string) => {
    const token = await mintServiceToken(options.apiBaseUrl(), options.apiKey, userId);
    memory.remember(token, userId);
    return token;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', `Use POST for ${path}.`, { allow: 'POST' });
    if (path === '/host/token') {
      const body = await readJsonObject(request, BODY_LIMIT);
      const userId = body['userId'];
      if (typeof userId !== 'string' || userId.trim() === '') {
        throw new HttpError(400, 'invalid_user_id', 'userId is required: a non-empty string.');
      }
      if (userId.length > maxUserIdLength) {
        throw new HttpError(400, 'invalid_user_id', `userId must be at most ${maxUserIdLength} characters.`);
      }
      return answer(request, response, await mint(userId));
    }
    // /host/refresh: no body is expected; a large one is refused before anything else.
    if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT) {
      throw new HttpError(413, 'payload_too_large', 'The refresh endpoint takes no body.', { connection: 'close' });
    }
    request.resume();
    if (request.headers.authorization === undefined) {
      throw new HttpError(401, 'missing_authorization', 'Send the expired token as "Authorization: Bearer <token>".');
    }
    const expired = bearerToken(request);
    if (!expired) throw new HttpError(401, 'invalid_authorization', 'The Authorization header must be "Bearer <token>".');
    const userId = memory.userOf(expired);
    if (userId === undefined) throw new HttpError(401, 'unknown_token', 'This token was not issued here (or long ago); get a new one from /host/token.');
    return answer(request, response, await mint(userId));
  };

  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    const signing = path === '/host/review/sign' || path === '/host/review/jwks' || path === '/host/review/heads';
    if (path !== '/host/token' && path !== '/host/refresh' && !signing) return false;
    try {
      await (signing ? review(request, response, path) : handle(request, response, path));
    } catch (error) {
      if (error instanceof HttpError) sendError(response, error);
      else if (error instanceof ServiceError) {
        console.error(`host: ${error.message}`);
        sendError(response, new HttpError(502, 'service_unavailable', 'The token service is not available; try again shortly.'));
      } else throw error;
    }
    return true;
  };
}
