import { callCallback } from './call-callback.js';
import { StudioAuthError, abortError, isAbort } from './errors.js';
import { readToken, type TokenSource, type TokenValue } from './token.js';
import { resolveUserId } from './user-id.js';

/** A token the session handed out; `generation` grows with every new token. */
export interface Credential extends TokenValue {
  readonly generation: number;
}

export interface AuthSessionOptions {
  /** `auth.userId`; when absent a fingerprint id is derived (see `resolveUserId`). */
  userId?: string | undefined;
  getToken: (userId: string) => unknown;
  refreshToken: (expiredToken: string) => unknown;
  /** How long a callback may take, in ms. */
  timeoutMs: number;
  /** Told once per failure (not once per waiting request). Never called after `dispose()`. */
  onError?: (error: StudioAuthError) => void;
  /** Where the generated user id is kept. Default `localStorage`. */
  storage?: Storage | undefined;
}

/**
 * Token state of one editor: the current token, one `getToken` flight at startup shared by every request,
 * and one `refreshToken` flight per refused token shared by every request refused with it.
 * A failed flight rejects all its waiters at once and leaves nothing behind: the next request starts over.
 */
export class AuthSession {
  readonly #options: AuthSessionOptions;
  readonly #controller = new AbortController();
  #userId: Promise<string> | undefined;
  #current: Credential | undefined;
  #loading: Promise<Credential> | undefined;
  readonly #refreshing = new Map<string, Promise<Credential>>();
  #generation = 0;

  constructor(options: AuthSessionOptions) {
    this.#options = options;
  }

  /** Aborted by `dispose()`. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get disposed(): boolean {
    return this.#controller.signal.aborted;
  }

  /** The resolved user id (given, or the persisted fingerprint id). */
  userId(): Promise<string> {
    this.#userId ??= resolveUserId(this.#options.userId, this.#options.storage);
    return this.#userId;
  }

  /**
   * The token to send now. Waits for the first token (one `getToken` for every caller) and for a refresh
   * of the current token that is in flight.
   */
  credential(signal?: AbortSignal): Promise<Credential> {
    if (this.disposed) return Promise.reject(abortError(this.signal));
    const current = this.#current;
    if (current !== undefined) {
      const flight = this.#refreshing.get(current.token);
      return flight === undefined ? Promise.resolve(current) : this.#wait(flight, signal);
    }
    this.#loading ??= this.#flight('getToken', undefined);
    return this.#wait(this.#loading, signal);
  }

  /**
   * The token to retry with after `failed` got a 401. If a newer token exists (or is being fetched), that
   * one, without a refresh; otherwise one `refreshToken(failed.token)` shared by every caller.
   */
  renew(failed: Credential, signal?: AbortSignal): Promise<Credential> {
    if (this.disposed) return Promise.reject(abortError(this.signal));
    const current = this.#current;
    if (current === undefined || current.generation !== failed.generation) return this.credential(signal);
    let flight = this.#refreshing.get(failed.token);
    if (flight === undefined) {
      flight = this.#flight('refreshToken', failed);
      this.#refreshing.set(failed.token, flight);
    }
    return this.#wait(flight, signal);
  }

  /** Reports an auth failure found outside the callbacks (a final 401). Silent after dispose. */
  report(error: StudioAuthError): StudioAuthError {
    if (!this.disposed) this.#options.onError?.(error);
    return error;
  }

  /** Stops everything: waiters reject with an AbortError, late callback answers are dropped, nothing is reported. */
  dispose(): void {
    if (this.disposed) return;
    this.#controller.abort(new DOMException('The editor was destroyed.', 'AbortError'));
    this.#current = undefined;
    this.#loading = undefined;
    this.#refreshing.clear();
  }

  async #flight(source: TokenSource, failed: Credential | undefined): Promise<Credential> {
    const { timeoutMs } = this.#options;
    try {
      // The answer is read (readToken) inside callCallback's guard: nothing a callback returns can throw past it.
      const read = (raw: unknown) => readToken(raw, source);
      let value: TokenValue;
      if (source === 'getToken') {
        const userId = await this.userId();
        if (this.disposed) throw abortError(this.signal);
        value = await callCallback(source, () => this.#options.getToken(userId), read, timeoutMs, this.signal);
      } else {
        value = await callCallback(source, () => this.#options.refreshToken(failed!.token), read, timeoutMs, this.signal);
      }
      if (this.disposed) throw abortError(this.signal);
      if (failed !== undefined && value.token === failed.token) {
        throw new StudioAuthError(
          'auth-same-token',
          'auth.refreshToken returned the token that the service had just refused. Make your refresh endpoint return a new token.',
        );
      }
      const credential: Credential = { type: value.type, token: value.token, generation: ++this.#generation };
      this.#current = credential;
      return credential;
    } catch (error) {
      // Clean state before any waiter resumes, so a retry starts over (getToken again).
      if (failed === undefined || this.#current === failed) this.#current = undefined;
      if (!isAbort(error) && error instanceof StudioAuthError) this.report(error);
      throw error;
    } finally {
      if (source === 'getToken') this.#loading = undefined;
      else this.#refreshing.delete(failed!.token);
    }
  }

  /** Waits for a shared flight without letting one caller's abort cancel it for the others. */
  #wait<T>(flight: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    const signals = [this.signal, ...(signal ? [signal] : [])];
    const aborted = signals.find((s) => s.aborted);
    if (aborted) return Promise.reject(abortError(aborted));
    return new Promise<T>((resolve, reject) => {
      const onAbort = (event: Event) => {
        done();
        reject(abortError(event.target as AbortSignal));
      };
      const done = () => signals.forEach((s) => s.removeEventListener('abort', onAbort));
      signals.forEach((s) => s.addEventListener('abort', onAbort, { once: true }));
      flight.then(
        (value) => {
          done();
          if (this.disposed) reject(abortError(this.signal));
          else resolve(value);
        },
        (error: unknown) => {
          done();
          reject(this.disposed ? abortError(this.signal) : error);
        },
      );
    });
  }
}
