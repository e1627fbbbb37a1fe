import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { StudioAuthError } from '../../src/auth/errors.js';
import { BASE, rejection, setup } from './helpers.js';

const bytes = (buffer: ArrayBuffer | null) => (buffer === null ? [] : [...new Uint8Array(buffer)]);

describe('auth fetch: the retried request is the same request', () => {
  afterEach(() => sinon.restore());

  const form = () => {
    const data = new FormData();
    data.append('name', 'ad');
    data.append('file', new Blob([new Uint8Array([0, 1, 2, 255])], { type: 'audio/wav' }), 'a.wav');
    return data;
  };
  const bodies: Array<[string, () => BodyInit]> = [
    ['a JSON string', () => JSON.stringify({ project_id: 'p1', text: 'héllo' })],
    ['a Blob', () => new Blob([new Uint8Array([1, 2, 3, 0, 255])], { type: 'audio/wav' })],
    ['FormData (same multipart boundary)', form],
    ['URLSearchParams', () => new URLSearchParams({ a: '1', b: 'x y' })],
    ['an ArrayBuffer', () => new Uint8Array([9, 8, 7, 0]).buffer],
    ['a typed array', () => new Uint8Array([5, 6, 7])],
  ];
  for (const [name, make] of bodies) {
    it(`replays ${name} byte for byte with the same method and headers`, async () => {
      const t = setup();
      t.valid.add('T2');
      const response = await t.authFetch(`${BASE}/v1/voiceover`, { method: 'PUT', body: make(), headers: { 'X-Trace': 'abc' } });
      expect(response.status).to.equal(200);
      expect(t.calls.length).to.equal(2);
      const [first, retry] = t.calls as [typeof t.calls[0], typeof t.calls[0]];
      expect(bytes(first.body).length).to.be.greaterThan(0);
      expect(bytes(retry.body)).to.deep.equal(bytes(first.body));
      expect(retry.method).to.equal('PUT');
      expect(retry.contentType).to.equal(first.contentType);
      expect([first.authorization, retry.authorization]).to.deep.equal(['Bearer T1', 'Bearer T2']);
    });
  }

  it('keeps the FormData boundary identical on the retry', async () => {
    const t = setup();
    t.valid.add('T2');
    await t.authFetch(`${BASE}/v1/mix`, { method: 'POST', body: form() });
    expect(t.calls[0]!.contentType).to.match(/^multipart\/form-data; boundary=/);
    expect(t.calls[1]!.contentType).to.equal(t.calls[0]!.contentType);
  });

  it('writes a FormData itself where the engine cannot read it back (WebKitGTK), the same fields and file', async () => {
    // Hidden here: the browser's own reading of the body fails once, as WebKitGTK's does for a FormData with a Blob.
    const read = sinon.stub(Request.prototype, 'arrayBuffer');
    read.onFirstCall().rejects(new DOMException('Unable to read form data blob', 'InvalidStateError'));
    read.callThrough();
    const t = setup();
    t.valid.add('T2');
    await t.authFetch(`${BASE}/v1/mix`, { method: 'POST', body: form() });
    read.restore();
    const [first, retry] = t.calls as [typeof t.calls[0], typeof t.calls[0]];
    expect(first.contentType).to.match(/^multipart\/form-data; boundary=----StudioFormBoundary[0-9a-f]{32}$/);
    expect(retry.contentType).to.equal(first.contentType);
    expect(bytes(retry.body)).to.deep.equal(bytes(first.body));
    const parsed = await new Response(first.body, { headers: { 'content-type': first.contentType! } }).formData();
    const file = parsed.get('file') as File;
    expect([parsed.get('name'), file.name, file.type, bytes(await file.arrayBuffer())]).to.deep.equal(['ad', 'a.wav', 'audio/wav', [0, 1, 2, 255]]);
  });

  it('a ReadableStream body is sent once; on a 401 it gives a clear error instead of a retry', async () => {
    const refreshToken = sinon.stub().resolves('T2');
    const t = setup({ refreshToken });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array([1]));
        controller.close();
      },
    });
    const error = await rejection(t.authFetch(`${BASE}/v1/mix`, { method: 'POST', body: stream }));
    expect(error).to.be.instanceOf(StudioAuthError);
    expect((error as StudioAuthError).code).to.equal('auth-body-not-replayable');
    expect(error.message).to.contain('Blob');
    expect(t.calls.length).to.equal(1);
    expect(refreshToken.callCount).to.equal(0);
  });
});
