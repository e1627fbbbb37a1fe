// Compact JWS (RFC 7515) checked with WebCrypto, in the browser and in Node alike: ES256 (ECDSA P-256, SHA-256)
// and EdDSA (Ed25519) only, the keys of a JWKS (RFC 7517) the host publishes. No JOSE library: the two
// algorithms are a few lines of `crypto.subtle` each, and this code loads only where decisions are checked.

import type { PublicJwk, PublicJwks } from '../config/types.js';
import { fromBase64Url } from '../internal/base64url.js';

export type { PublicJwk, PublicJwks };

/** What a compact JWS says, once read: its protected header's `alg` and `kid`, and its payload as text. */
export interface ReadJws {
  readonly alg: 'ES256' | 'EdDSA';
  readonly kid: string | undefined;
  readonly payload: string;
}

/** Why a JWS was not accepted: not a compact JWS of ours, no key of the set, or a signature that does not verify. */
export type JwsFailure = { readonly reason: 'malformed' } | { readonly reason: 'unknown-key'; readonly kid: string | undefined } | { readonly reason: 'bad-signature' };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The header and payload of compact JWS `jws`, unchecked; undefined when it is not one we read (ES256 or EdDSA). */
export function readJws(jws: string): ReadJws | undefined {
  const parts = typeof jws === 'string' ? jws.split('.') : [];
  if (parts.length !== 3) return undefined;
  try {
    const header: unknown = JSON.parse(utf8.decode(fromBase64Url(parts[0]!)));
    const payload = fromBase64Url(parts[1]!);
    if (typeof header !== 'object' || header === null || payload === undefined || fromBase64Url(parts[2]!) === undefined) return undefined;
    const { alg, kid, crit } = header as Record<string, unknown>;
    if ((alg !== 'ES256' && alg !== 'EdDSA') || (kid !== undefined && typeof kid !== 'string') || crit !== undefined) return undefined;
    return { alg, kid, payload: utf8.decode(payload) };
  } catch {
    return undefined;
  }
}

/** The WebCrypto algorithm of a JWS `alg`: how the key is imported, and how the signature is checked. */
const ALGORITHMS = {
  ES256: { kty: 'EC', crv: 'P-256', key: { name: 'ECDSA', namedCurve: 'P-256' }, verify: { name: 'ECDSA', hash: 'SHA-256' } },
  EdDSA: { kty: 'OKP', crv: 'Ed25519', key: { name: 'Ed25519' }, verify: { name: 'Ed25519' } },
} as const;

/** The keys of `jwks` that may have made a JWS of `alg` with key id `kid` (every key of the algorithm when it names none). */
function candidates(jwks: PublicJwks, alg: ReadJws['alg'], kid: string | undefined): PublicJwk[] {
  const { kty, crv } = ALGORITHMS[alg];
  return jwks.keys.filter((key) => key.kty === kty && key.crv === crv && (key.alg === undefined || key.alg === alg) && (kid === undefined || key.kid === kid));
}

/** The imported keys, by JWK: a key set is read once however many decisions it checks. */
const imported = new WeakMap<PublicJwk, Promise<CryptoKey>>();

function importKey(jwk: PublicJwk, alg: ReadJws['alg']): Promise<CryptoKey> {
  let key = imported.get(jwk);
  if (key === undefined) {
    // Only the public members: a JWK with `d` never gets here (the config refuses it), and none is imported.
    const publicPart = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, ...(jwk.y === undefined ? {} : { y: jwk.y }) };
    key = crypto.subtle.importKey('jwk', publicPart, ALGORITHMS[alg].key, false, ['verify']);
    imported.set(jwk, key);
  }
  return key;
}

/**
 * Checks compact JWS `jws` against the public keys of `jwks`: its header names ES256 or EdDSA (and no `crit`), a key
 * of the set of that algorithm (its `kid`, when the header names one) verifies its signature over the header and
 * the payload. Resolves with what it says, or with why not.
 */
export async function verifyJws(jws: string, jwks: PublicJwks): Promise<({ readonly ok: true } & ReadJws) | ({ readonly ok: false } & JwsFailure)> {
  const read = readJws(jws);
  if (read === undefined) return { ok: false, reason: 'malformed' };
  const keys = candidates(jwks, read.alg, read.kid);
  if (keys.length === 0) return { ok: false, reason: 'unknown-key', kid: read.kid };
  const [header, payload, signature] = jws.split('.') as [string, string, string];
  const data = new TextEncoder().encode(`${header}.${payload}`);
  for (const jwk of keys) {
    try {
      if (await crypto.subtle.verify(ALGORITHMS[read.alg].verify, await importKey(jwk, read.alg), fromBase64Url(signature) as BufferSource, data)) return { ok: true, ...read };
    } catch {
      // A key WebCrypto cannot import (a wrong point) verifies nothing.
    }
  }
  return { ok: false, reason: 'bad-signature' };
}
