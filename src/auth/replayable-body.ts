/**
 * A request body that can be sent twice, byte for byte. Strings are kept; Blob, FormData (multipart
 * boundary included), URLSearchParams, ArrayBuffer and views are serialised once, before the first send,
 * with the `Content-Type` the browser would have given them. A ReadableStream cannot be replayed.
 */
export interface PreparedBody {
  readonly body: BodyInit | null;
  readonly replayable: boolean;
}

export async function prepareBody(body: BodyInit | null | undefined, headers: Headers): Promise<PreparedBody> {
  if (body === undefined || body === null) return { body: null, replayable: true };
  if (typeof body === 'string') return { body, replayable: true };
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) return { body, replayable: false };
  const serialised = new Request('https://body.invalid/', { method: 'POST', body });
  const bytes = await serialised.arrayBuffer();
  const type = serialised.headers.get('content-type');
  if (type !== null && !headers.has('content-type')) headers.set('content-type', type);
  return { body: bytes, replayable: true };
}
