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
  let bytes: ArrayBuffer;
  let type = serialised.headers.get('content-type');
  try {
    bytes = await serialised.arrayBuffer();
  } catch (error) {
    // WebKitGTK cannot read back a FormData that holds a Blob: written here instead, as the browser writes it
    // (loaded then: no other engine needs it).
    if (!(body instanceof FormData)) throw error;
    const { multipart } = await import('./multipart.js');
    ({ bytes, type } = await multipart(body));
  }
  if (type !== null && !headers.has('content-type')) headers.set('content-type', type);
  return { body: bytes, replayable: true };
}
