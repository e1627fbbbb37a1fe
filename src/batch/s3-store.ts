/// <reference types="node" />
// A batch run's files in an S3-compatible bucket (AWS, MinIO, Ceph, R2...): the same three calls as the folder
// store, each one signed request. S3 stores an object whole or not at all, so a PUT is already the atomic write
// the folder store gets from a rename. Credentials come from the environment only, never from the URL, so they
// stay out of shell history, job data in the queue and every message.
import { AwsClient } from 'aws4fetch';
import { createHash } from 'node:crypto';
import { StudioError } from '../errors.js';
import type { OutputStore } from './output-store.js';
import { storeSegments } from './store-path.js';

/** Where an `s3://` URL points. */
export interface S3Location {
  readonly bucket: string;
  /** Prepended to every key, without slashes at either end; '' for the bucket's top. */
  readonly prefix: string;
  /** The service's origin, requests addressed by path (`<endpoint>/<bucket>/<key>`). */
  readonly endpoint: string;
  readonly region: string;
}

/** The environment variables an S3 store reads its credentials from. */
export const S3_CREDENTIAL_ENV = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const refuse = (message: string) => new StudioError('store', message);

/**
 * `s3://bucket/optional/prefix?endpoint=http(s)://host:port&region=…` read, or a refusal in words. Without an
 * endpoint it is AWS's `https://s3.<region>.amazonaws.com`; the region defaults to `us-east-1`.
 */
export function s3LocationOf(url: string): S3Location {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refuse('An s3:// store must be s3://bucket/optional/prefix?endpoint=http(s)://host:port&region=name.');
  }
  // Never echo the URL here: whatever sits before the '@' is a secret someone meant to pass.
  if (parsed.username || parsed.password) throw refuse(`Credentials in an s3:// URL are refused: set ${S3_CREDENTIAL_ENV.slice(0, 2).join(' and ')} (and ${S3_CREDENTIAL_ENV[2]} for temporary credentials) in the environment instead.`);
  const bucket = parsed.hostname;
  if (!BUCKET.test(bucket)) throw refuse(`${JSON.stringify(bucket)} is not an S3 bucket name: use 3 to 63 lowercase letters, digits, '.' and '-' (s3://bucket/prefix).`);
  const unknown = [...parsed.searchParams.keys()].filter((key) => key !== 'endpoint' && key !== 'region');
  if (unknown.length) throw refuse(`An s3:// store takes only ?endpoint= and &region=, not ${unknown.map((key) => JSON.stringify(key)).join(', ')}.`);
  const region = parsed.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw refuse(`${JSON.stringify(region)} is not a region name (for example us-east-1).`);
  const prefix = prefixOf(url);
  if (prefix) storeSegments(prefix);
  return { bucket, prefix, endpoint: endpointOf(parsed.searchParams.get('endpoint'), region), region };
}

/**
 * The prefix as written, percent-decoded, without slashes at either end. Not `URL.pathname`: it would resolve
 * `runs/../other` to `other` silently, where a typed `..` should be refused like any store path's.
 */
function prefixOf(url: string): string {
  const path = /^s3:\/\/[^/?#]*([^?#]*)/i.exec(url)![1]!.replace(/^\/+|\/+$/g, '');
  try {
    return decodeURIComponent(path);
  } catch {
    throw refuse(`The prefix ${JSON.stringify(path)} is not valid percent-encoding.`);
  }
}

/** The origin requests go to: the given http(s) origin, or AWS's regional one. */
function endpointOf(given: string | null, region: string): string {
  if (given === null) return `https://s3.${region}.amazonaws.com`;
  let endpoint: URL | undefined;
  try {
    endpoint = new URL(given);
  } catch {
    // Refused below, in the same words.
  }
  if (endpoint && (endpoint.username || endpoint.password)) throw refuse('Credentials in the endpoint URL are refused: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment instead.');
  if (!endpoint || !/^https?:$/.test(endpoint.protocol) || endpoint.search || endpoint.hash) {
    throw refuse(`The endpoint ${JSON.stringify(given)} must be an http(s) origin such as http://localhost:9000 (requests go to <endpoint>/<bucket>/<key>).`);
  }
  return endpoint.href.replace(/\/+$/, '');
}

/** The signer for the environment's credentials, or an error naming the variables that are missing. */
function clientOf(region: string, env: NodeJS.ProcessEnv): AwsClient {
  const [idName, secretName, tokenName] = S3_CREDENTIAL_ENV;
  const missing = [idName, secretName].filter((name) => !env[name]);
  if (missing.length) throw refuse(`An s3:// store needs credentials: set ${missing.join(' and ')} (and ${tokenName} for temporary credentials) in the environment.`);
  // Two retries, on 5xx and 429 only: S3 asks clients to retry a 503 SlowDown; a 4xx never gets better.
  return new AwsClient({ accessKeyId: env[idName]!, secretAccessKey: env[secretName]!, sessionToken: env[tokenName] || undefined, service: 's3', region, retries: 2 });
}

/** Each segment percent-encoded as SigV4 canonicalises it (RFC 3986 unreserved kept). */
const encodeKey = (key: string): string => key.split('/').map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');

/** Why fetch failed: Node puts the socket's error (`connect ECONNREFUSED …`) in the cause of a bare "fetch failed". */
const networkReason = (error: unknown): string => {
  const cause = (error as Error | null)?.cause;
  return cause instanceof Error ? cause.message : String((error as Error | null)?.message ?? error);
};

/** A store in the bucket at `location`, signing with the credentials in `env` (read once, here). */
export function s3Store(location: S3Location, env: NodeJS.ProcessEnv = process.env): OutputStore {
  const client = clientOf(location.region, env);
  const keyOf = (path: string) => [location.prefix, ...storeSegments(path)].filter(Boolean).join('/');

  async function send(method: 'GET' | 'PUT' | 'HEAD', path: string, body?: Uint8Array, only?: 'if-absent'): Promise<Response | undefined> {
    const key = keyOf(path);
    const where = `s3://${location.bucket}/${key} at ${location.endpoint}`;
    // S3's conditional write: the PUT fails with 412 where an object is (AWS since 2024, MinIO, R2).
    const headers: Record<string, string> = only === 'if-absent' ? { 'if-none-match': '*' } : {};
    if (body) {
      headers['content-length'] = String(body.byteLength);
      // The body's hash is signed, so the service refuses a body changed or cut short on the way.
      headers['x-amz-content-sha256'] = createHash('sha256').update(body).digest('hex');
    }
    let response: Response;
    try {
      response = await client.fetch(`${location.endpoint}/${location.bucket}/${encodeKey(key)}`, { method, headers, body: body as Uint8Array<ArrayBuffer> | undefined });
    } catch (error) {
      throw new StudioError('store', `Could not reach ${where}: ${networkReason(error)}. Check the endpoint and that the service is running.`, { recoverable: true, cause: error });
    }
    if (response.ok) return response;
    if (response.status === 412 && only === 'if-absent') {
      await response.arrayBuffer();
      return undefined;
    }
    // S3's error body carries a code (SignatureDoesNotMatch, NoSuchBucket); it never holds the secret.
    const code = /<Code>([^<]{1,64})<\/Code>/.exec(method === 'HEAD' ? '' : await response.text())?.[1];
    // A missing object is an answer; a missing bucket is not (a HEAD has no body to tell them apart).
    if (response.status === 404 && method !== 'PUT' && code !== 'NoSuchBucket') return undefined;
    const hint = response.status === 403 ? `check ${S3_CREDENTIAL_ENV.slice(0, 2).join(' and ')} and that the bucket's policy lets them ${method === 'PUT' ? 'write' : 'read'}` : 'check the bucket and the endpoint';
    throw new StudioError('store', `${method} ${where} failed: ${response.status}${code ? ` ${code}` : ''}; ${hint}.`, { status: response.status, recoverable: response.status >= 500 });
  }

  return {
    async read(path) {
      const response = await send('GET', path);
      return response && new Uint8Array(await response.arrayBuffer());
    },
    async write(path, bytes) {
      // The answer's body is empty; reading it to the end frees the connection for the next request.
      await (await send('PUT', path, bytes))?.arrayBuffer();
    },
    async create(path, bytes) {
      const response = await send('PUT', path, bytes, 'if-absent');
      await response?.arrayBuffer();
      return response !== undefined;
    },
    async has(path) {
      return (await send('HEAD', path)) !== undefined;
    },
  };
}
