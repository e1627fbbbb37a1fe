/// <reference types="node" />
// Where the queue lives: the Redis a `--queue redis://host:port` URL names, and the two queues of a batch on it.
import { Redis, type RedisOptions } from 'ioredis';

/** The queue of row×destination jobs (the children of a run's flow): what workers render. */
export const ROWS_QUEUE = 'studio-batch-rows';
/** The queue of runs (each flow's parent): its job writes the run's manifest.json and report.html. */
export const RUNS_QUEUE = 'studio-batch-runs';

/**
 * The ioredis options of `url`: `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS. Anything else
 * is refused in words. A worker waits for Redis as long as it takes (`maxRetriesPerRequest: null`, as BullMQ's
 * workers need: a blocking read waits for jobs); a command (`enqueue`, `status`) gives up after one retry, so that
 * a Redis that is not there is said, not waited for.
 */
export function redisOptionsOf(url: string, use: 'worker' | 'command' = 'worker'): RedisOptions {
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
    ...(use === 'worker' ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, connectTimeout: 5000, retryStrategy: (times: number) => (times > 3 ? null : 250 * times) }),
  };
}

/** `url` without its password, for messages. */
export function shownQueue(url: string): string {
  return url.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@');
}

/**
 * Resolves once the Redis at `url` answers PING; rejects in words naming it (without its password) when it does
 * not. A command asks first: BullMQ's own clients, given a Redis that is not there, retry in the background.
 */
export async function reachQueue(url: string): Promise<void> {
  const client = new Redis({ ...redisOptionsOf(url, 'command'), lazyConnect: true });
  // The connection's own error (ECONNREFUSED, ENOTFOUND) says more than the "Connection is closed." it ends in.
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause = error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`The queue's Redis at ${shownQueue(url)} did not answer (${(cause ?? (error as Error)).message.split('\n')[0]}): check --queue, and that Redis runs there.`, { cause: error });
  } finally {
    client.disconnect();
  }
}
