/** A line break of a name or file name, or a quote: escaped as the HTML form encoding escapes them. */
const UNSAFE = /\r|\n|"/g;
const ESCAPES: Record<string, string> = { '\r': '%0D', '\n': '%0A', '"': '%22' };

/**
 * `form` written as `multipart/form-data` (RFC 7578, the way browsers write it): its bytes and the Content-Type
 * naming the boundary. For an engine that cannot read back a FormData holding a Blob (WebKitGTK).
 */
export async function multipart(form: FormData): Promise<{ bytes: ArrayBuffer; type: string }> {
  const boundary = `----StudioFormBoundary${crypto.randomUUID().replaceAll('-', '')}`;
  const escape = (text: string) => text.replace(UNSAFE, (c) => ESCAPES[c]!);
  const parts: BlobPart[] = [];
  for (const [name, value] of form) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"`);
    if (typeof value === 'string') parts.push(`\r\n\r\n${value.replace(/\r\n|\r|\n/g, '\r\n')}\r\n`);
    else parts.push(`; filename="${escape(value.name)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`, value, '\r\n');
  }
  parts.push(`--${boundary}--\r\n`);
  return { bytes: await new Blob(parts).arrayBuffer(), type: `multipart/form-data; boundary=${boundary}` };
}
