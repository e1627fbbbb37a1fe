/**
 * Why the render worker did not start, in words a developer can act on. The Content-Security-Policy is
 * named only when it is the cause: a violation was reported while the worker started, Trusted Types
 * refused its URL, or the browser threw a SecurityError.
 */
export interface WorkerFailure {
  /** What `new Worker()` threw, or the `error` event the worker fired before it was ready. */
  readonly reason: unknown;
  /** The directive of a CSP violation reported while the worker started (`worker-src`, `trusted-types`, ...). */
  readonly violatedDirective?: string | undefined;
  /** The worker's file, named when it could not be loaded. Default `render-worker.js`. */
  readonly file?: string;
  /** The origin of the worker files when it is not the page's (the editor from a CDN). Default: found from this module's URL. */
  readonly from?: string | undefined;
}

/** The origin of the editor's files (the workers are beside this module) when it is not the page's. */
function filesOrigin(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const origin = new URL(import.meta.url).origin;
  return origin === location.origin ? undefined : origin;
}

const TRUSTED_TYPES = /trusted ?(types?|script ?url)|TrustedScriptURL/i;

export function describeWorkerFailure({ reason, violatedDirective, file = 'render-worker.js', from = filesOrigin() }: WorkerFailure): string {
  const message = reason instanceof ErrorEvent ? reason.message : reason instanceof Error ? `${reason.name}: ${reason.message}` : typeof reason === 'string' ? reason : '';
  if ((violatedDirective !== undefined && /trusted-types/.test(violatedDirective)) || TRUSTED_TYPES.test(message)) {
    return `Trusted Types refused the worker's URL${message ? ` (${message})` : ''}; list the editor's policy in the page's CSP: trusted-types studio-editor`;
  }
  if (violatedDirective !== undefined) {
    return `the Content-Security-Policy blocked the worker script (${violatedDirective}); allow it with worker-src (the editor's origin, and blob: when the editor comes from another origin)`;
  }
  if (reason instanceof DOMException && reason.name === 'SecurityError') {
    return `the browser refused the worker script (${message}): a script of another origin, or a Content-Security-Policy`;
  }
  if (reason instanceof ErrorEvent && message) return `the worker script failed as it loaded (${message})`;
  if (message) return message;
  if (from !== undefined) {
    // A blob: module on the page's origin imports the file: a violation there is reported in the worker, not to the page.
    return `the worker script could not be loaded from ${from}: check that ${file} is served there as JavaScript with CORS (Access-Control-Allow-Origin), and that the page's Content-Security-Policy lists ${from} in worker-src as well as script-src`;
  }
  return `the worker script could not be loaded: check that ${file} is served beside the editor's script, as JavaScript`;
}

const WORKER_DIRECTIVES = /^(worker-src|script-src|default-src|trusted-types|require-trusted-types-for)/;

/**
 * Notes the directive of a CSP violation the page reports while a worker starts (a report arrives as a
 * task of its own, after the worker's `error` event may have). Outside a page it notes nothing.
 */
export class ViolationWatch {
  #directive: string | undefined;
  readonly #stop: () => void = () => undefined;

  constructor() {
    if (typeof document === 'undefined') return;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (WORKER_DIRECTIVES.test(event.effectiveDirective)) this.#directive = event.effectiveDirective;
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    this.#stop = () => document.removeEventListener('securitypolicyviolation', onViolation);
  }

  /** The directive of the last violation that concerns a worker script, if any was reported. */
  get directive(): string | undefined {
    return this.#directive;
  }

  /** Stops listening. Idempotent. */
  stop(): void {
    this.#stop();
  }
}

/**
 * Makes a worker with `make` and resolves with it once it posts `{ type: 'ready' }`, or with why it could not
 * start (`file` names its script); aborting `signal` terminates it and rejects with the signal's reason.
 */
export function startReadyWorker(make: () => Worker, file: string, signal?: AbortSignal): Promise<Worker | WorkerFailure> {
  const violations = new ViolationWatch();
  let worker: Worker;
  try {
    worker = make();
  } catch (error) {
    violations.stop();
    return Promise.resolve({ reason: error, violatedDirective: violations.directive, file });
  }
  return new Promise((resolve, reject) => {
    const settle = (): void => {
      violations.stop();
      signal?.removeEventListener('abort', onAbort);
      worker.onmessage = null;
      worker.onerror = null;
    };
    const onAbort = (): void => {
      settle();
      worker.terminate();
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<{ readonly type?: unknown }>) => {
      if (event.data?.type !== 'ready') return;
      settle();
      resolve(worker);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      // A violation report is queued as a task of its own: let it arrive before naming the cause.
      setTimeout(() => {
        const failure = { reason: event, violatedDirective: violations.directive, file };
        settle();
        worker.terminate();
        resolve(failure);
      }, 0);
    };
  });
}
