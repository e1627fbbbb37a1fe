/// <reference types="node" />
// One rate for the voice service across every worker on every machine: a sliding window of the last second's
// voice-over requests, kept in Redis and checked and taken in one Lua script (atomic: two workers never both take
// the last place). BullMQ's own limiter counts jobs of a queue, not the requests a job makes (a row makes one per
// voiced section), so it cannot hold a per-request quota; a second BullMQ queue per request would add a round trip
// through a worker for each. A window, not a fixed per-second counter: a counter reset each second lets 2×N through
// across a boundary, the window lets at most N through in any 1,000 ms.
//
// The service counts requests as they arrive, and a request reaches it some time after its permit (a busy process,
// the network). A window of exactly 1,000 ms let 3 arrive in one second at 2/s: a permit's request that came late
// fell into the same second as the next two. The window is longer by `ARRIVAL_SLACK_MS`, so that requests which
// arrive up to that much later than their permits still keep to N in any second at the service. A request later
// still (a machine under load) can make N + 1 in a second there: a service that refuses it answers 429, and the
// start is sent again after its Retry-After (`api/start-retry.ts`).
import type { Redis } from 'ioredis';

/** The key of the window (a sorted set of the permits given, scored by their time in µs of Redis' clock). */
export const VOICE_RATE_KEY = 'studio-batch:voice-rate';

/** How much later than its permit a request may reach the service and still keep to the rate there. */
export const ARRIVAL_SLACK_MS = 250;

// KEYS[1] the window; ARGV[1] the requests per window; ARGV[2] a unique member; ARGV[3] the window in µs. Redis'
// own clock (TIME), so the machines' clocks need not agree. Returns 0 when the request may go now, else the µs to
// wait before asking again.
const TAKE = `
local now = redis.call('TIME')
local us = tonumber(now[1]) * 1000000 + tonumber(now[2])
local window = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', us - window)
local limit = tonumber(ARGV[1])
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], us, ARGV[2])
  redis.call('PEXPIRE', KEYS[1], math.ceil(window / 500))
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + window - us + 1
`;

interface WithTake {
  studioVoiceRateTake(key: string, limit: number, member: string, windowUs: number): Promise<number>;
}

/**
 * A `beforeVoiceover` for the row renderer: resolves when a voice-over request may go without more than
 * `perSecond` requests in any second across every worker sharing `redis`, as the service counts them on arrival
 * (`perSecond` in any 1.25 s of permits: at most 0.8 × `perSecond` a second over a long run). Rejects with the signal's reason on abort.
 */
export function voiceRateLimit(redis: Redis, perSecond: number, signal?: AbortSignal): () => Promise<void> {
  if (!(Number.isInteger(perSecond) && perSecond > 0)) throw new Error(`--voice-rate must be a whole number of requests per second above 0, not ${perSecond}.`);
  if (!('studioVoiceRateTake' in redis)) redis.defineCommand('studioVoiceRateTake', { numberOfKeys: 1, lua: TAKE });
  const take = redis as unknown as WithTake;
  let taken = 0;
  const prefix = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  return async () => {
    for (;;) {
      signal?.throwIfAborted();
      const waitUs = await take.studioVoiceRateTake(VOICE_RATE_KEY, perSecond, `${prefix}:${++taken}`, (1000 + ARRIVAL_SLACK_MS) * 1000);
      if (waitUs <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(waitUs / 1000)));
    }
  };
}

/** `N/s` or `N` (requests per second) from `--voice-rate`. */
export function parseVoiceRate(text: string): number {
  const match = /^(\d+)(?:\/s)?$/.exec(text.trim());
  const rate = match ? Number(match[1]) : NaN;
  if (!(rate > 0)) throw new Error(`--voice-rate takes requests per second, as 5/s, not ${JSON.stringify(text)}.`);
  return rate;
}
