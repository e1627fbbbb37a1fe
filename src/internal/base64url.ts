// base64url (RFC 4648 §5, no padding), as JWS writes its parts: read by the review's signatures in the store
// (src/model/review.ts) and checked with their keys in src/review/.

/** The bytes of base64url `text` (no padding); undefined when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `bytes` as base64url, without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The payload of compact JWS `jws` as UTF-8 text, unchecked; undefined when it has none to read. */
export function jwsPayloadText(jws: string): string | undefined {
  const bytes = fromBase64Url(jws.split('.')[1] ?? '');
  try {
    return bytes === undefined ? undefined : utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
