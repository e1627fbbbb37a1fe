// Settings of the service emulator, with the defaults `npm start` uses and how each is read from the env.

/** Settings of one emulator instance. Every field has a default (see `resolveOptions`). */
export interface EmulatorOptions {
  /** The account API key accepted in `x-api-key`. Default `local-dev-key` (env STUDIO_API_KEY). */
  apiKey: string;
  /** Lifetime of minted tokens, in seconds. Default 90 (env STUDIO_TOKEN_TTL_S). */
  tokenTtlS: number;
  /** Origins allowed by CORS (the demo page origins). Can be changed after start. */
  allowedOrigins: string[];
  /** Duration of one job step (queued, then each stage), in ms. Default 800. Tests use a few ms. */
  jobStepMs: number;
  /** Credits each user starts with. Default 1000. */
  creditsPerUser: number;
  /** Delays between webhook delivery attempts, in ms; its length + 1 is the number of attempts. */
  webhookRetryMs: number[];
  /** Largest request body, in bytes. Default 1 MiB. */
  bodyLimit: number;
  /** Clock, for tests. */
  now: () => number;
  /** Test-only routes (`test-routes.ts`): a redirecting /v1/ route and a request log. Default false. */
  testRoutes: boolean;
}

export function resolveOptions(options: Partial<EmulatorOptions> = {}): EmulatorOptions {
  return {
    apiKey: options.apiKey ?? 'local-dev-key',
    tokenTtlS: options.tokenTtlS ?? 90,
    allowedOrigins: options.allowedOrigins ?? [],
    jobStepMs: options.jobStepMs ?? 800,
    creditsPerUser: options.creditsPerUser ?? 1000,
    webhookRetryMs: options.webhookRetryMs ?? [500, 2000],
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    now: options.now ?? Date.now,
    testRoutes: options.testRoutes ?? false,
  };
}
