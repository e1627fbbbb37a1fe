// The queue's flags read in words: the Redis URL (refused unless redis:// or rediss://, its password never shown),
// and the voice-over rate.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runQueueCli, type QueueCliIo } from '../../../src/batch/queue/cli.js';
import { redisOptionsOf, shownQueue } from '../../../src/batch/queue/connection.js';
import { formatStatus } from '../../../src/batch/queue/status.js';
import { parseVoiceRate } from '../../../src/batch/queue/voice-rate.js';
import { RAW_CONTROL } from '../support/raw-controls.js';

describe('studio-batch queue flags', () => {
  it('reads redis:// and rediss:// URLs, and refuses others naming the flag', () => {
    assert.deepEqual(redisOptionsOf('redis://queue.internal:6380/2'), { host: 'queue.internal', port: 6380, db: 2, maxRetriesPerRequest: null });
    assert.deepEqual(redisOptionsOf('rediss://worker:s3cret@[::1]'), { host: '::1', port: 6379, username: 'worker', password: 's3cret', tls: {}, maxRetriesPerRequest: null });
    assert.throws(() => redisOptionsOf('http://queue:6379'), /--queue must be a redis:\/\/ or rediss:\/\/ URL/);
    assert.throws(() => redisOptionsOf('queue:6379'), /--queue must be a redis:\/\//);
    assert.throws(() => redisOptionsOf('not a url'), /--queue "not a url" is not a URL/);
    assert.throws(() => redisOptionsOf('redis://queue/jobs'), /a database number/);
  });

  it('shows a queue URL without its password', () => {
    assert.equal(shownQueue('redis://worker:s3cret@queue:6379'), 'redis://worker:***@queue:6379');
    assert.equal(shownQueue('redis://queue:6379'), 'redis://queue:6379');
  });

  it('reads --voice-rate as requests per second', () => {
    assert.equal(parseVoiceRate('5/s'), 5);
    assert.equal(parseVoiceRate('12'), 12);
    for (const bad of ['0/s', '-1', '2.5/s', '5/min', '']) assert.throws(() => parseVoiceRate(bad), /--voice-rate takes requests per second/, bad);
  });

  it('says when the queue\'s Redis does not answer (exit 1, no password shown), and refuses a URL that is not Redis (exit 2)', async () => {
    let said = '';
    const io: QueueCliIo = { stdout: { write: () => true }, stderr: { write: (text: string) => (said += text) }, env: {}, loadTemplate: () => Promise.reject(new Error('none')) };
    assert.equal(await runQueueCli(['status', '--queue', 'redis://worker:s3cret@127.0.0.1:9'], io), 1);
    assert.match(said, /^The queue's Redis at redis:\/\/worker:\*\*\*@127\.0\.0\.1:9 did not answer \(connect ECONNREFUSED 127\.0\.0\.1:9\): check --queue/);
    assert.ok(!said.includes('s3cret'));
    said = '';
    assert.equal(await runQueueCli(['status', '--queue', 'http://127.0.0.1:9'], io), 2);
    assert.match(said, /^--queue must be a redis:\/\/ or rediss:\/\/ URL/);
    said = '';
    assert.equal(await runQueueCli(['worker', '--queue', 'redis://127.0.0.1:9', '--base-url', 'http://127.0.0.1:9'], io), 2);
    assert.match(said, /^Give the account API key with --api-key or in STUDIO_API_KEY\./);
  });

  it('prints what came from a feed, Redis or an argument with control, ANSI and bidi characters escaped', async () => {
    // status: a failed row's key and BullMQ's kept reason, each on its one line (a line feed in them forges no line).
    const counts = { done: 1, failed: 2, waiting: 0, active: 0 };
    const status = formatStatus({
      rows: counts,
      runs: counts,
      failures: [
        { job: { row: 'ok\u202Eevil', destination: 'streaming' } as never, reason: 'voice-over failed\x1b[2J\x1b]0;pwned\x07', attempts: 3 },
        { job: { row: 'two\nFailed: row fake', destination: 'pod\u2066cast\u2069' } as never, reason: 'a\u0085b', attempts: 1 },
      ],
    });
    assert.doesNotMatch(status, RAW_CONTROL, JSON.stringify(status));
    assert.equal(status.split('\n').length, 5, 'two count lines, two failure lines, the final line feed');
    assert.match(status, /Failed: row ok\\u202eevil to streaming after 3 attempts: voice-over failed\\u001b\[2J\\u001b\]0;pwned\\u0007/);
    // An argument echoed in a usage error.
    let said = '';
    const io: QueueCliIo = { stdout: { write: (text: string) => (said += text) }, stderr: { write: (text: string) => (said += text) }, env: {}, loadTemplate: () => Promise.reject(new Error('none')) };
    assert.equal(await runQueueCli(['stat\u202Eus\x1b[2J', '--queue', 'redis://127.0.0.1:9'], io), 2);
    assert.doesNotMatch(said, RAW_CONTROL, JSON.stringify(said));
    assert.match(said, /Unknown command "stat\\u202eus\\u001b\[2J"/);
  });

  it('refuses a wrong --vast-* flag of enqueue as render does (exit 2, naming the flag, the URL not echoed), before reaching Redis', async () => {
    let said = '';
    const io: QueueCliIo = { stdout: { write: () => true }, stderr: { write: (text: string) => (said += text) }, env: {}, loadTemplate: () => Promise.reject(new Error('not read')) };
    const args = ['enqueue', '--queue', 'redis://127.0.0.1:9', '--project', 'ad.json', '--out', 'out', '--vast-base-url', 'https://cdn.example.com/ads/'];
    assert.equal(await runQueueCli([...args, '--vast-impression', 'https://t.example.com/i?k=tok-81d2&cb=[CACHEBUSTING]'], io), 2);
    assert.match(said, /^--vast-impression #1: expected "\[" and "\]" only around an IPv6 host/);
    assert.ok(!said.includes('tok-81d2'));
    said = '';
    assert.equal(await runQueueCli([...args, '--vast-error-url', 'ftp://t.example.com/e'], io), 2);
    assert.match(said, /^--vast-error-url: expected an http\(s\) URL, not a "ftp:" one/);
  });
});
