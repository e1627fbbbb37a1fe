// The reference host's signing of review decisions (issue 54): a key pair made at start, the private key kept in
// this process (never written, logged or sent), the public key served as a JWKS. A host application can copy it;
// in production the key lives in a KMS or HSM, or at least in a secret store, and is rotated by adding a key to
// the JWKS before signing with it (docs/review.md, Threat model).
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';

/** A public key as the JWKS serves it. */
export type PublicJwk = { kty: string; crv: string; x: string; y?: string; kid: string; alg: 'ES256' | 'EdDSA'; use: 'sig' };

export interface DecisionSigner {
  /** The key's id (the JWS header's `kid`). */
  readonly kid: string;
  /** A compact JWS of `claims` (JSON), signed with the private key. */
  sign(claims: Record<string, unknown>): string;
  /** The public key set: what the editor gets as `review.publicKeys` and `studio-verify` as `--jwks`. */
  jwks(): { keys: PublicJwk[] };
}

const base64url = (bytes: Buffer | string): string => Buffer.from(bytes).toString('base64url');

/** A signer with a key pair of its own: ES256 (P-256, the default) or EdDSA (Ed25519). */
export function decisionSigner(alg: 'ES256' | 'EdDSA' = 'ES256'): DecisionSigner {
  const { privateKey, publicKey }: { privateKey: KeyObject; publicKey: KeyObject } = alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('ed25519');
  const kid = `demo-${randomUUID().slice(0, 8)}`;
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  const jwk: PublicJwk = { kty: kty!, crv: crv!, x: x!, ...(y === undefined ? {} : { y }), kid, alg, use: 'sig' };
  return {
    kid,
    sign(claims) {
      const input = `${base64url(JSON.stringify({ alg, kid, typ: 'JOSE' }))}.${base64url(JSON.stringify(claims))}`;
      // ES256's signature is r and s side by side (IEEE P1363), as JWS and WebCrypto have it, not DER.
      const signature = alg === 'ES256' ? sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }) : sign(null, Buffer.from(input), privateKey);
      return `${input}.${base64url(signature)}`;
    },
    jwks: () => ({ keys: [{ ...jwk }] }),
  };
}

const LABELS = new Set(['approved', 'approved-with-changes', 'changes-required']);
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value !== '' && value.length <= max;

/**
 * What is wrong with `claims` as a decision to sign, or undefined: the shape the editor sends (`DecisionClaims`).
 * A real host also checks here that the signed-in user is `claims.reviewer` and holds that role: the signature
 * says the host vouches for the decision, so it signs only what its own session says.
 */
export function claimsProblem(claims: Record<string, unknown>): string | undefined {
  const reviewer = claims['reviewer'] as Record<string, unknown> | null | undefined;
  if (claims['typ'] !== 'service-studio-editor/decision@1') return 'typ must be "service-studio-editor/decision@1"';
  for (const key of ['project', 'version', 'id', 'at', 'contentHash'] as const) if (!isText(claims[key], 200)) return `${key} must be text of at most 200 characters`;
  if (!LABELS.has(claims['label'] as string)) return 'label must be approved, approved-with-changes or changes-required';
  if (claims['note'] !== undefined && (typeof claims['note'] !== 'string' || claims['note'].length > 2000)) return 'note must be text of at most 2000 characters';
  if (typeof reviewer !== 'object' || reviewer === null || !isText(reviewer['id'], 200) || !isText(reviewer['name'], 200)) return 'reviewer must be { id, name, role? }';
  if (claims['prev'] !== null && !(typeof claims['prev'] === 'string' && /^[0-9a-f]{64}$/.test(claims['prev']))) return 'prev must be null or a SHA-256 in hex';
  return undefined;
}
