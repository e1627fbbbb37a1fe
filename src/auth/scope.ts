/**
 * Which URLs get the token: exactly those on the origin of `api.baseUrl` whose path lies under the base
 * path plus `/v1/`. Decided on parsed URLs (dot segments and encoded dots are already resolved by the URL
 * parser), never on string prefixes.
 */
export function isTokenScope(url: URL, baseUrl: string | URL): boolean {
  const base = new URL(baseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return false;
  const prefix = `${base.pathname.replace(/\/+$/, '')}/v1/`;
  return url.pathname.startsWith(prefix);
}

/** Resolves a URL the way the client does: relative URLs against `baseUrl` (as a directory). */
export function resolveServiceUrl(input: string | URL, baseUrl: string): URL {
  return new URL(input, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}
