/// <reference types="node" />
// Where the queue lives: the Redis a `--queue redis://host:port` URL names, and the two queues of a batch on it.
import type { RedisOptions } from 'ioredis';

/** The queue of row×destination jobs (the children of a run's flow): what workers render. */
export const ROWS_QUEUE = 'studio-batch-rows';
/** The queue of runs (each flow's parent): its job writes the run's manifest.json and report.html. */
export const RUNS_QUEUE = 'studio-batch-runs';

/**
 * The ioredis options of `url`: `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS. Anything else
 * is refused in words. `maxRetriesPerRequest: null`, as BullMQ's workers need (a blocking read waits for jobs).
 */
export function redisOptionsOf(url: string): RedisOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--queue ${JSON.stringify(url)} is not a URL: give the Redis of the queue as redis://host:6379.`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`--queue must be a redis:// or rediss:// URL (the Redis of the queue), not ${parsed.protocol}//…`);
  }
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new Error(`--queue: the path of a redis:// URL is a database number (redis://host:6379/0), not "/${db}".`);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db === '' ? {} : { db: Number(db) }),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/** `url` without its password, for messages. */
export function shownQueue(url: string): string {
  return url.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@');
}
