// Test-only routes, on when the emulator is started with `testRoutes: true` (the browser test runner does; `npm
// start` does not): a /v1/ route that answers with a redirect, a log of the requests the emulator received,
// so a test can check where a token went, the voice-over requests counted per second, so a rate limit is
// measured where it matters: at the service, and the texts each user asked to be voiced, so a test can count a
// feed row's voice-overs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../http.js';

/** One request as the emulator saw it: no header values, only whether it carried Authorization. */
export interface SeenRequest {
  /** Its place in the order received, from 1: a test reads what came after a request of its own by it. */
  seq: number;
  method: string;
  /** The Host header (which name of the loopback the request was sent to). */
  host: string;
  path: string;
  authorization: boolean;
}

/** The last requests received (bounded). */
export class RequestLog {
  readonly #entries: SeenRequest[] = [];
  #seq = 0;

  /** Logs `request`, unless it is one to the admin routes (which read the log). */
  add(request: IncomingMessage): void {
    const url = new URL(request.url ?? '/', 'http://emulator');
    if (url.pathname.startsWith('/__emulator/')) return;
    this.#entries.push({ seq: ++this.#seq, method: request.method ?? '', host: request.headers.host ?? '', path: url.pathname, authorization: request.headers.authorization !== undefined });
    if (this.#entries.length > 500) this.#entries.splice(0, this.#entries.length - 500);
  }

  get entries(): readonly SeenRequest[] {
    return [...this.#entries];
  }

  clear(): void {
    this.#entries.length = 0;
  }
}

/** Voice-over requests received, counted per second of the emulator's clock (bounded to the last 600 seconds). */
export class VoiceoverRate {
  readonly #perSecond = new Map<number, number>();

  /** Counts `request` if it is a voice-over POST (whatever its answer: the limit is on what is sent). */
  add(request: IncomingMessage, voiceoverPath: string, now: number): void {
    if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://emulator').pathname !== voiceoverPath) return;
    const second = Math.floor(now / 1000);
    this.#perSecond.set(second, (this.#perSecond.get(second) ?? 0) + 1);
    if (this.#perSecond.size > 600) this.#perSecond.delete(this.#perSecond.keys().next().value!);
  }

  /** `{ "<unix second>": count }`, only the seconds that saw a request. */
  get counts(): Record<string, number> {
    return Object.fromEntries(this.#perSecond);
  }

  clear(): void {
    this.#perSecond.clear();
  }
}

/** The texts of the voice-overs asked for, by user (bounded to the last 2,000): a test counts those of a row's words. */
export class VoiceoverTexts {
  readonly #entries: { readonly user: string; readonly text: string }[] = [];

  /** Logs a voice-over of `user` speaking `text` (as written, whatever its answer). */
  add(user: string, text: string): void {
    this.#entries.push({ user, text });
    if (this.#entries.length > 2000) this.#entries.splice(0, this.#entries.length - 2000);
  }

  /** The texts `user` asked to be voiced, in order. */
  of(user: string): string[] {
    return this.#entries.filter((entry) => entry.user === user).map((entry) => entry.text);
  }

  clear(): void {
    this.#entries.length = 0;
  }
}

const REDIRECT = /^\/v1\/__test\/redirect\/(30[12378])$/;

/**
 * `GET|POST /v1/__test/redirect/<status>?to=<location>`: answers `<status>` with `Location: <location>` exactly as
 * given (relative, dot segments, protocol-relative: the browser resolves it). Returns false for other paths.
 */
export function testRedirect(path: string, request: IncomingMessage, response: ServerResponse): boolean {
  const match = REDIRECT.exec(path);
  if (!match) return false;
  const to = new URL(request.url ?? '/', 'http://emulator').searchParams.get('to');
  if (to === null) throw new HttpError(400, 'invalid_request', 'Give the redirect target in ?to=.');
  response.writeHead(Number(match[1]), { location: to, 'content-length': 0 });
  response.end();
  return true;
}
