// The one call the host backend makes to the service: mint a token for a user, with the account API key.
import type { AuthTokenRequest, AuthTokenResponse } from '../../../src/api/contract.js';

/** The service refused or could not be reached; the host answers 502 without passing details on. */
export class ServiceError extends Error {}

/** `POST {apiBaseUrl}/v1/auth/token` with `x-api-key`; returns the token string. */
export async function mintServiceToken(apiBaseUrl: string, apiKey: string, userId: string): Promise<string> {
  const body: AuthTokenRequest = { user_id: userId };
  let response: Response;
  try {
    response = await fetch(new URL('/v1/auth/token', apiBaseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new ServiceError(`The service at ${apiBaseUrl} could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ServiceError(`The service answered ${response.status} to POST /v1/auth/token (check STUDIO_API_KEY).`);
  }
  const answer = (await response.json()) as Partial<AuthTokenResponse>;
  if (typeof answer.token !== 'string' || answer.token === '') throw new ServiceError('The service answered without a token.');
  return answer.token;
}
