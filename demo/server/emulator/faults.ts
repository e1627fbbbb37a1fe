// Fault switches, for tests and demos: forced 401s, 5xx and 429 answers, slow and failing jobs.

/** The fault settings, as `POST /__emulator/faults` takes them (every field optional). */
export interface FaultSettings {
  /** Answer 401 to the next N `/v1/` requests (not `/v1/auth/token`); `"all"` until reset. */
  unauthorized: number | 'all';
  /** Answer 500 to the next N `/v1/` requests. */
  serverError: number;
  /** Answer 503 (with `Retry-After`) to the next N `/v1/` requests. */
  unavailable: number;
  /** Answer 429 (with `Retry-After`) to the next N `/v1/` requests. */
  rateLimited: number;
  /**
   * Carry out the next N operation POSTs (the job starts), then answer 500 instead of their answer, as if the
   * answer was lost on the way: a retry with the same Idempotency-Key gets the job that was started.
   */
  lostAnswers: number;
  /** `Retry-After` seconds on 429 and 503 answers. */
  retryAfterS: number;
  /** Multiplies the duration of every job step. */
  slowFactor: number;
  /** Fail the next N jobs that finish; `"all"` until reset. */
  failJobs: number | 'all';
  /**
   * Fail every voice-over job whose text contains this (case-sensitive), until reset; `null` for none. One feed
   * row's value names one row: a batch test fails that row's voice-over on every attempt and no other row's.
   */
  failVoiceoverText: string | null;
  /**
   * When a user id, the request faults and job failures of the patch touch only that user's requests and jobs,
   * and are kept apart from other users' faults (so tests that share one emulator do not trip each other);
   * `null` for everyone.
   */
  scope: string | null;
}

export const NO_FAULTS: FaultSettings = {
  unauthorized: 0,
  serverError: 0,
  unavailable: 0,
  rateLimited: 0,
  lostAnswers: 0,
  retryAfterS: 1,
  slowFactor: 1,
  failJobs: 0,
  failVoiceoverText: null,
  scope: null,
};

/** A forced answer to a request. */
export interface ForcedAnswer {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
}

/**
 * The fault switches. The faults for everyone (scope `null`) and those of each named user are kept apart, so
 * test files that run side by side on one emulator, each arming faults for its own user, do not replace each
 * other's faults. A patch edits the settings of the scope it names, or of the scope the last patch named.
 */
export class Faults {
  #everyone: FaultSettings = { ...NO_FAULTS };
  #users = new Map<string, FaultSettings>();
  /** The settings the last patch edited, as the admin routes answer them. */
  #last: FaultSettings = this.#everyone;
  /** Job steps are slowed for everyone: the last `slowFactor` set, whatever its scope. */
  #slowFactor = NO_FAULTS.slowFactor;

  get settings(): Readonly<FaultSettings> {
    return { ...this.#last, slowFactor: this.#slowFactor };
  }

  /** Merges `patch` into the settings of its scope after checking each field; throws a message naming a bad field. */
  set(patch: Record<string, unknown>): void {
    let scope = this.#last.scope;
    if ('scope' in patch) {
      const value = patch['scope'];
      if (value !== null && (typeof value !== 'string' || value === '')) throw new Error('scope must be a user id or null.');
      scope = value;
    }
    const next = { ...(scope === null ? this.#everyone : (this.#users.get(scope) ?? NO_FAULTS)), scope };
    for (const [key, value] of Object.entries(patch)) {
      switch (key) {
        case 'unauthorized':
        case 'failJobs':
          if (value !== 'all' && !isCount(value)) throw new Error(`${key} must be a whole number >= 0 or "all".`);
          next[key] = value;
          break;
        case 'serverError':
        case 'unavailable':
        case 'rateLimited':
        case 'lostAnswers':
        case 'retryAfterS':
          if (!isCount(value)) throw new Error(`${key} must be a whole number >= 0.`);
          next[key] = value;
          break;
        case 'scope':
          break;
        case 'failVoiceoverText':
          if (value !== null && (typeof value !== 'string' || value === '')) throw new Error('failVoiceoverText must be a non-empty text or null.');
          next.failVoiceoverText = value;
          break;
        case 'slowFactor':
          if (typeof value !== 'number' || !(value > 0 && value <= 1000)) throw new Error('slowFactor must be a number above 0, at most 1000.');
          next.slowFactor = value;
          break;
        default:
          throw new Error(`Unknown fault "${key}". Known: ${Object.keys(NO_FAULTS).join(', ')}.`);
      }
    }
    if (scope === null) this.#everyone = next;
    else this.#users.set(scope, next);
    this.#last = next;
    if ('slowFactor' in patch) this.#slowFactor = next.slowFactor;
  }

  reset(): void {
    this.#everyone = { ...NO_FAULTS };
    this.#users.clear();
    this.#last = this.#everyone;
    this.#slowFactor = NO_FAULTS.slowFactor;
  }

  /** The settings that apply to `userId`: that user's own first, then everyone's. */
  #applying(userId: string | undefined): FaultSettings[] {
    const own = userId === undefined ? undefined : this.#users.get(userId);
    return own === undefined ? [this.#everyone] : [own, this.#everyone];
  }

  /**
   * The forced answer for the next `/v1/` request of `userId` (the user its token names, if any), if a fault is
   * armed for it (consuming one count).
   */
  takeRequestFault(userId: string | undefined): ForcedAnswer | undefined {
    for (const s of this.#applying(userId)) {
      const answer = requestFault(s);
      if (answer !== undefined) return answer;
    }
    return undefined;
  }

  /** True when the answer to this operation POST of `userId` must be lost (consuming one count). */
  takeLostAnswer(userId: string): boolean {
    const s = this.#applying(userId).find((settings) => settings.lostAnswers > 0);
    if (s === undefined) return false;
    s.lostAnswers -= 1;
    return true;
  }

  /** True when the job of `userId` finishing now must fail (consuming one count). */
  takeJobFailure(userId: string): boolean {
    const s = this.#applying(userId).find((settings) => settings.failJobs === 'all' || settings.failJobs > 0);
    if (s === undefined) return false;
    if (s.failJobs !== 'all') s.failJobs -= 1;
    return true;
  }

  /** True when a voice-over of `userId` speaking `text` must fail (`failVoiceoverText`; not consumed). */
  failsVoiceover(userId: string, text: string): boolean {
    return this.#applying(userId).some((settings) => settings.failVoiceoverText !== null && text.includes(settings.failVoiceoverText));
  }

  /** Reads fault settings from the environment (STUDIO_FAULT_*), for `npm start`. */
  static fromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
    const patch: Record<string, unknown> = {};
    const read = (name: string, key: keyof FaultSettings) => {
      const raw = env[name];
      if (raw === undefined || raw === '') return;
      patch[key] = raw === 'all' ? 'all' : Number(raw);
    };
    read('STUDIO_FAULT_UNAUTHORIZED', 'unauthorized');
    read('STUDIO_FAULT_SERVER_ERROR', 'serverError');
    read('STUDIO_FAULT_UNAVAILABLE', 'unavailable');
    read('STUDIO_FAULT_RATE_LIMITED', 'rateLimited');
    read('STUDIO_FAULT_LOST_ANSWERS', 'lostAnswers');
    read('STUDIO_FAULT_RETRY_AFTER_S', 'retryAfterS');
    read('STUDIO_FAULT_SLOW_FACTOR', 'slowFactor');
    read('STUDIO_FAULT_FAIL_JOBS', 'failJobs');
    if (env['STUDIO_FAULT_SCOPE']) patch['scope'] = env['STUDIO_FAULT_SCOPE'];
    return patch;
  }
}

/** The forced answer `s` has armed for the next request, if any (consuming one count). */
function requestFault(s: FaultSettings): ForcedAnswer | undefined {
  const retry = { 'retry-after': String(s.retryAfterS) };
  if (s.unauthorized === 'all' || s.unauthorized > 0) {
    if (s.unauthorized !== 'all') s.unauthorized -= 1;
    return { status: 401, code: 'token_invalid', message: 'The token is expired or invalid (forced by the emulator).', headers: {} };
  }
  if (s.serverError > 0) {
    s.serverError -= 1;
    return { status: 500, code: 'internal_error', message: 'Internal error (forced by the emulator).', headers: {} };
  }
  if (s.unavailable > 0) {
    s.unavailable -= 1;
    return { status: 503, code: 'unavailable', message: 'The service is unavailable, try again later (forced by the emulator).', headers: retry };
  }
  if (s.rateLimited > 0) {
    s.rateLimited -= 1;
    return { status: 429, code: 'rate_limited', message: 'Too many requests, slow down (forced by the emulator).', headers: retry };
  }
  return undefined;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
