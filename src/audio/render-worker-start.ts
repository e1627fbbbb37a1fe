/**
 * Starts the editor's workers: the render worker (`render-worker.js`), the decode worker (`decode-worker.js`,
 * while assets are decoded), the MP3 worker (`mp3-worker.js`, only when an MP3 is exported or a delivery made)
 * and the zip worker (`zip-worker.js`, only when a delivery is packed), each beside
 * this module, a self-contained module worker (no imports),
 * written the way bundlers recognise (`new Worker(new URL('./render-worker.js', import.meta.url),
 * { type: 'module' })`) so that Vite, webpack and Parcel emit the file and rewrite its URL.
 *
 * Under Trusted Types (`require-trusted-types-for 'script'`) a worker's URL must be a TrustedScriptURL: the
 * editor's `studio-editor` policy makes one, and only for these URLs or a `blob:` shim made here. From
 * another origin (a CDN script) a worker cannot be started directly; a same-origin `blob:` module that
 * imports it is tried instead.
 */
interface ScriptUrlPolicy {
  createScriptURL(input: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy;
}

/** The name of the editor's Trusted Types policy; a host's `trusted-types` directive must list it. */
export const POLICY_NAME = 'studio-editor';

const shims = new Set<string>();
let policy: ScriptUrlPolicy | null | undefined;

const renderHref = (): string => new URL('./render-worker.js', import.meta.url).href;
const mp3Href = (): string => new URL('./mp3-worker.js', import.meta.url).href;
const decodeHref = (): string => new URL('./decode-worker.js', import.meta.url).href;
const zipHref = (): string => new URL('./zip-worker.js', import.meta.url).href;

/** The policy, made on first use; null where Trusted Types do not exist or the page forbids its name. */
function scriptUrlPolicy(): ScriptUrlPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (factory === undefined) return (policy = null);
  try {
    policy = factory.createPolicy(POLICY_NAME, {
      createScriptURL: (input) => {
        if (input === renderHref() || input === mp3Href() || input === decodeHref() || input === zipHref() || shims.has(input)) return input;
        throw new TypeError(`${POLICY_NAME}: ${input} is not one of the editor's workers`);
      },
    });
  } catch {
    // The page's `trusted-types` directive does not list the name (the worker then fails with a TypeError
    // that names Trusted Types, and the renderer says so).
    policy = null;
  }
  return policy;
}

/** Starts the worker at `href`: through a `blob:` shim from another origin, through the policy, or `direct`. */
function startWorker(href: string, direct: () => Worker): Worker {
  const trusted = scriptUrlPolicy();
  if (typeof location !== 'undefined' && new URL(href).origin !== location.origin) {
    const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(href)};`], { type: 'text/javascript' }));
    shims.add(shim);
    try {
      return new Worker((trusted?.createScriptURL(shim) ?? shim) as string, { type: 'module' });
    } finally {
      setTimeout(() => {
        URL.revokeObjectURL(shim);
        shims.delete(shim);
      }, 10_000);
    }
  }
  if (trusted !== null) return new Worker(trusted.createScriptURL(href) as string, { type: 'module' });
  return direct();
}

/** Makes the render worker; throws what the browser throws (a TypeError under Trusted Types, ...). */
export function startRenderWorker(): Worker {
  return startWorker(renderHref(), () => new Worker(new URL('./render-worker.js', import.meta.url), { type: 'module' }));
}

/** Makes the MP3 worker (the LAME encoder, LGPL, is in it); throws as `startRenderWorker` does. */
export function startMp3Worker(): Worker {
  return startWorker(mp3Href(), () => new Worker(new URL('./mp3-worker.js', import.meta.url), { type: 'module' }));
}

/** Makes the decode worker (WAV and MP3 decoded off the page); throws as `startRenderWorker` does. */
export function startDecodeWorker(): Worker {
  return startWorker(decodeHref(), () => new Worker(new URL('./decode-worker.js', import.meta.url), { type: 'module' }));
}

/** Makes the zip worker (a delivery's ZIP); throws what the browser throws. */
export function startZipWorker(): Worker {
  return startWorker(zipHref(), () => new Worker(new URL('./zip-worker.js', import.meta.url), { type: 'module' }));
}
