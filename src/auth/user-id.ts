/**
 * The end user's id when the host gives none: a stable id derived from a browser fingerprint.
 *
 * Privacy: only coarse, stable traits the browser already exposes to every page are read (user agent,
 * languages, time zone, screen size and colour depth, CPU count, device memory, touch points). They are
 * hashed with SHA-256 (`crypto.subtle`) so the traits themselves are never stored or sent; only the hash
 * is, to the host's `getToken`. No third-party call, no canvas, audio, font or WebGL probing, nothing
 * injected into the page. The id is kept in `localStorage` so it survives reloads; when storage is
 * unavailable the same traits give the same id again. Production embeds should pass `auth.userId`.
 */

import { nextTurn } from '../internal/turn.js';

/** The `localStorage` key of the generated id. */
export const USER_ID_STORAGE_KEY = 'studio-editor:user-id';
const ID_PATTERN = /^anon-[0-9a-f]{32}$/;

/** The stable traits, joined. Exported for tests. */
export function fingerprintTraits(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const scr = typeof screen === 'undefined' ? undefined : screen;
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // No Intl time zone: leave it out.
  }
  return [
    nav?.userAgent,
    (nav?.languages ?? [nav?.language]).join(','),
    timeZone,
    scr ? `${scr.width}x${scr.height}x${scr.colorDepth}` : '',
    nav?.hardwareConcurrency,
    (nav as { deviceMemory?: number } | undefined)?.deviceMemory,
    nav?.maxTouchPoints,
  ].join('|');
}

async function sha256Hex(text: string): Promise<string | undefined> {
  const subtle = typeof crypto === 'undefined' ? undefined : crypto.subtle;
  if (subtle === undefined) return undefined;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** FNV-1a, four lanes: used only where `crypto.subtle` is missing (a page served over plain http). */
function fallbackHex(text: string): string {
  let out = '';
  for (let lane = 0; lane < 4; lane++) {
    let hash = 0x811c9dc5 ^ lane;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
}

function readStored(storage: Storage | undefined): string | undefined {
  try {
    const value = storage?.getItem(USER_ID_STORAGE_KEY) ?? undefined;
    return value !== undefined && ID_PATTERN.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function defaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The fingerprint id kept from an earlier visit, if any, without deriving one: what the editor's start reads
 * ahead (the draft of an anonymous user's project is known before the session asks for a token).
 */
export function storedUserId(storage: Storage | undefined = defaultStorage()): string | undefined {
  return readStored(storage);
}

/**
 * The id passed to `getToken`: `given` when the host set `auth.userId`, else the persisted fingerprint id
 * (`anon-` and 32 hex digits), created on first use. Never throws: storage errors fall back to the
 * freshly derived id.
 */
export async function resolveUserId(given: string | undefined, storage: Storage | undefined = defaultStorage()): Promise<string> {
  if (given !== undefined) return given;
  const stored = readStored(storage);
  if (stored !== undefined) return stored;
  // The traits read Intl's time zone, whose first use in a page loads locale data: in a task of its own,
  // not in the editor's start.
  await nextTurn();
  const traits = fingerprintTraits();
  let hex: string | undefined;
  try {
    hex = await sha256Hex(traits);
  } catch {
    hex = undefined;
  }
  const id = `anon-${(hex ?? fallbackHex(traits)).slice(0, 32)}`;
  try {
    storage?.setItem(USER_ID_STORAGE_KEY, id);
  } catch {
    // Private mode or a full quota: the same traits give the same id next time.
  }
  return id;
}
