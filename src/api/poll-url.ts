import { isTokenScope, resolveServiceUrl } from '../auth/scope.js';
import { StudioApiError } from './api-error.js';

/**
 * Checks a `poll_url` from the service. Relative URLs resolve against `api.baseUrl`. Anything that is not
 * http(s), or that lies outside `<baseUrl>/v1/` on its origin (so would get no token), is refused with
 * `unsafe-poll-url`: the editor never follows a job to a foreign origin, with or without the token.
 */
export function checkPollUrl(value: unknown, baseUrl: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new StudioApiError('bad-response', 'The service accepted the job but sent no poll_url to follow it. Check api.baseUrl points at the service.');
  }
  let url: URL;
  try {
    url = resolveServiceUrl(value.trim(), baseUrl);
  } catch {
    throw new StudioApiError('unsafe-poll-url', 'The service sent a poll_url that is not a URL; the job cannot be followed.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new StudioApiError('unsafe-poll-url', `The service sent a ${url.protocol} poll_url; only http(s) URLs under api.baseUrl are followed.`);
  }
  if (!isTokenScope(url, baseUrl)) {
    const where = url.origin === new URL(baseUrl).origin ? `a path outside ${baseUrl}/v1/` : `another origin (${url.origin})`;
    throw new StudioApiError(
      'unsafe-poll-url',
      `The service sent a poll_url on ${where}; the editor only follows jobs under ${baseUrl}/v1/. Check api.baseUrl.`,
    );
  }
  return url.href;
}
