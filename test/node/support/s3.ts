// An S3-compatible bucket of a test's own: s3rver (npm) in this process on a free loopback port, keeping its
// objects in a temporary folder, behind a front that verifies every request's AWS SigV4 signature itself.
// s3rver 3 only checks that the access key exists (its middleware leaves V4 verification unimplemented), so
// without the front a wrong secret would pass; the front recomputes the signature from what arrived on the wire,
// with node:crypto and the steps of AWS's documentation, independently of the signing library under test.
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The only key pair s3rver knows; the front verifies signatures with it. */
export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET = 'S3RVER';

/** A request that reached the bucket, as the front saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** The headers the signature covers. */
  readonly signed: readonly string[];
}

/** A running bucket service. */
export interface TestS3 {
  /** `http://127.0.0.1:<port>`: the verifying front, for `?endpoint=`. */
  readonly endpoint: string;
  /** Every request the front let through. */
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Why the request's SigV4 signature is wrong, or undefined when it is right; and the headers it signs. */
function verify(req: IncomingMessage, body: Buffer): { wrong?: string; signed: string[] } {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!auth) return { wrong: 'no AWS4-HMAC-SHA256 Authorization header', signed: [] };
  const [, accessKey, day, region, signedList, signature] = auth as unknown as string[];
  const signed = signedList!.split(';');
  const date = String(req.headers['x-amz-date'] ?? '');
  const payload = String(req.headers['x-amz-content-sha256'] ?? '');
  if (accessKey !== S3_ACCESS_KEY) return { wrong: 'unknown access key', signed };
  if (!date.startsWith(day!)) return { wrong: 'the credential scope is not the day of x-amz-date', signed };
  for (const name of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!signed.includes(name)) return { wrong: `${name} is not signed`, signed };
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256(body)) return { wrong: 'x-amz-content-sha256 is not the hash of the body', signed };
  const [path, query = ''] = (req.url ?? '/').split('?') as [string, string?];
  const canonicalQuery = query.split('&').filter(Boolean).map((pair) => (pair.includes('=') ? pair : `${pair}=`)).sort().join('&');
  const canonicalHeaders = signed.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedList, payload].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${S3_SECRET}`, day!), region!), 's3'), 'aws4_request');
  return hmac(key, stringToSign).toString('hex') === signature ? { signed } : { wrong: 'the signature does not match', signed };
}

/** Starts s3rver with `buckets` and its verifying front, each on a free loopback port. */
export async function startS3(buckets: readonly string[]): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await s3rver.run();
  const seen: SeenRequest[] = [];
  const stored = new Set<string>();
  const front = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { wrong, signed } = verify(req, body);
      if (wrong) {
        res.writeHead(403, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>${wrong}</Message></Error>`);
        return;
      }
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, signed });
      // s3rver has no conditional write: S3's `If-None-Match: *` is answered here, 412 where an object was PUT
      // through this front (every test's objects are).
      if (req.method === 'PUT' && req.headers['if-none-match'] === '*' && stored.has(req.url!)) {
        res.writeHead(412, { 'content-type': 'application/xml' }).end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code></Error>');
        return;
      }
      if (req.method === 'PUT') stored.add(req.url!);
      const onward = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      onward.on('error', (error) => res.writeHead(502).end(error.message));
      onward.end(body);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    seen,
    async close() {
      await new Promise((resolve) => front.close(resolve));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
