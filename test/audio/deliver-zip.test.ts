import { expect } from '@open-wc/testing';
import { unzipSync } from 'fflate';
import sinon from 'sinon';
import { openDeliveryZip } from '../../src/audio/deliver/zip.js';
import { waitUntil } from '../support/wait.js';

/** The compression method of each entry of a ZIP's central directory, by name. */
function methods(zip: Uint8Array): Record<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: Record<string, number> = {};
  for (let at = 0; at + 46 <= zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    out[new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength))] = view.getUint16(at + 10, true);
  }
  return out;
}

const bytes = (n: number, seed: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * seed + (i >> 7)) & 0xff);

describe('openDeliveryZip', () => {
  afterEach(() => sinon.restore());

  for (const where of ['worker', 'this thread'] as const) {
    it(`writes the files added, in order, audio stored and text deflated (${where})`, async () => {
      const added: string[] = [];
      const zip = openDeliveryZip({ onAdded: (name) => added.push(name), ...(where === 'worker' ? {} : { createWorker: null }) });
      const wav = bytes(3 * 1024 * 1024 + 17, 7);
      const mp3 = bytes(1000, 13);
      zip.add('ad_ebu.wav', new Blob([wav as BlobPart]));
      zip.add('ad_podcast.mp3', mp3);
      zip.add('manifest.json', new TextEncoder().encode(JSON.stringify({ files: ['a', 'b'] })));
      const blob = await zip.finish();
      expect(blob.type).to.equal('application/zip');
      const archive = new Uint8Array(await blob.arrayBuffer());
      const files = unzipSync(archive);
      expect(Object.keys(files)).to.deep.equal(['ad_ebu.wav', 'ad_podcast.mp3', 'manifest.json']);
      expect(files['ad_ebu.wav']!.length).to.equal(wav.length);
      expect(files['ad_ebu.wav']!.every((value, i) => value === wav[i])).to.equal(true);
      expect(files['ad_podcast.mp3']!.every((value, i) => value === mp3[i])).to.equal(true);
      expect(new TextDecoder().decode(files['manifest.json'])).to.equal('{"files":["a","b"]}');
      expect(methods(archive)).to.deep.equal({ 'ad_ebu.wav': 0, 'ad_podcast.mp3': 0, 'manifest.json': 8 });
      expect(added).to.deep.equal(['ad_ebu.wav', 'ad_podcast.mp3', 'manifest.json']);
    });
  }

  it('runs fflate in the zip worker, not on the page', async () => {
    const post = sinon.spy(Worker.prototype, 'postMessage');
    const zip = openDeliveryZip();
    zip.add('a.wav', new Blob([bytes(100, 3) as BlobPart]));
    await zip.finish();
    expect(post.getCalls().map((call) => (call.args[0] as { type: string }).type)).to.deep.equal(['add', 'end']);
  });

  it('leaves nothing on abort: the worker stops, finish rejects with the reason', async () => {
    const terminate = sinon.spy(Worker.prototype, 'terminate');
    const controller = new AbortController();
    const zip = openDeliveryZip({ signal: controller.signal });
    zip.add('a.wav', new Blob([bytes(2 * 1024 * 1024, 5) as BlobPart]));
    const finished = zip.finish();
    controller.abort(new DOMException('cancelled', 'AbortError'));
    const error = await finished.then(() => undefined, (e: unknown) => e);
    expect((error as Error | undefined)?.name).to.equal('AbortError');
    await waitUntil(() => terminate.called, 'the ZIP worker stopped');
    // Nothing more can be added or finished.
    zip.add('b.wav', new Uint8Array(1));
    expect(((await zip.finish().then(() => undefined, (e: unknown) => e)) as Error).name).to.equal('AbortError');
  });
});
