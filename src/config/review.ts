// `config.review`: who reviews, whose approval Deliver needs, and the host's signing of decisions (docs/review.md).
// A chunk of its own: a config that gives `review` loads it (create() first; an element given its config directly
// once it is here, see `reviewUnchecked`), and it adds its check to `resolveConfig` when it runs. An editor
// without a review loads none of it.

import { describe, field, func, readObject, required, text, type Check, type IssueList } from './checks.js';
import { useReviewChecks } from './review-check-slot.js';
import type { PublicJwk, PublicJwks, ResolvedConfig } from './types.js';

/** `review.user`'s id, name and role: text of at most 200 characters (the document's `REVIEW_LIMITS.person`). */
const reviewText = text({ max: 200 });

const reviewUser: Check<ResolvedConfig['review']['user']> = (value, path, issues) => {
  const object = readObject(value, path, issues, ['id', 'name', 'role']);
  const id = required(object, 'id', path, issues, reviewText, 'an id');
  const name = required(object, 'name', path, issues, reviewText, 'a name');
  const role = field(object, 'role', path, issues, reviewText, undefined);
  return id === undefined || name === undefined ? undefined : Object.freeze({ id, name, ...(role === undefined ? {} : { role }) });
};

/** `review.require`: at most 20 roles. */
const reviewRoles: Check<readonly string[]> = (value, path, issues) =>
  Array.isArray(value) && value.length <= 20 ? value.map((role: unknown, index) => reviewText(role, `${path}[${index}]`, issues) ?? '') : issues.add(path, `expected an array of at most 20 roles, got ${describe(value)}`);

/** Whether `key` is a public P-256 (ES256) or Ed25519 (EdDSA) JWK, as WebCrypto imports it. */
const isPublicJwk = (key: Record<string, unknown>): boolean =>
  typeof key['x'] === 'string' &&
  ((key['kty'] === 'EC' && key['crv'] === 'P-256' && typeof key['y'] === 'string' && (key['alg'] ?? 'ES256') === 'ES256') ||
    (key['kty'] === 'OKP' && key['crv'] === 'Ed25519' && (key['alg'] ?? 'EdDSA') === 'EdDSA')) &&
  (key['kid'] === undefined || typeof key['kid'] === 'string');

/**
 * `review.publicKeys`: a JWKS of public P-256 (ES256) or Ed25519 (EdDSA) keys. A key with a private member (`d`)
 * is refused, and never quoted: the private key stays on the host's signing server.
 */
const publicKeys: Check<PublicJwks> = (value, path, issues) => {
  const keys = (value as PublicJwks | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) return issues.add(path, `expected a JWKS { keys: [...] } of public ES256 or EdDSA keys, got ${describe(value)}`);
  const before = issues.items.length;
  keys.forEach((key: unknown, index) => {
    const at = `${path}.keys[${index}]`;
    if (typeof key !== 'object' || key === null) issues.add(at, `expected a public JWK, got ${describe(key)}`);
    else if ('d' in key) issues.add(at, 'holds a private key ("d"): give the public keys only; the private key stays on your signing server');
    else if (!isPublicJwk(key as Record<string, unknown>)) issues.add(at, 'expected a public JWK of P-256 (kty "EC", alg ES256) or Ed25519 (kty "OKP", alg EdDSA), with x (and y for P-256)');
  });
  return issues.items.length > before ? undefined : Object.freeze({ keys: Object.freeze(keys.map((key: PublicJwk) => Object.freeze({ ...key }))) });
};

/** Reads `config.review`. */
function review(value: unknown, issues: IssueList): ResolvedConfig['review'] {
  const path = 'config.review';
  const object = readObject(value, path, issues, ['user', 'require', 'sign', 'publicKeys']);
  return {
    user: field(object, 'user', path, issues, reviewUser, undefined),
    require: field(object, 'require', path, issues, reviewRoles, []),
    sign: field(object, 'sign', path, issues, func, undefined) as ResolvedConfig['review']['sign'],
    publicKeys: field(object, 'publicKeys', path, issues, publicKeys, undefined),
  };
}

useReviewChecks(review);
