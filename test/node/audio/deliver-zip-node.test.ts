// The delivery's ZIP in Node (no Worker: written on this thread), as the ffmpeg test of a delivery packs it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import { openDeliveryZip } from '../../../src/audio/deliver/zip.js';

describe('openDeliveryZip in Node', () => {
  it('writes the files on this thread, in the order added', async () => {
    const zip = openDeliveryZip();
    const wav = Uint8Array.from({ length: 70_000 }, (_, i) => i & 0xff);
    zip.add('a.wav', new Blob([wav]));
    zip.add('manifest.json', new TextEncoder().encode('{"ok":true}'));
    const files = unzipSync(new Uint8Array(await (await zip.finish()).arrayBuffer()));
    assert.deepEqual(Object.keys(files), ['a.wav', 'manifest.json']);
    assert.deepEqual(files['a.wav'], wav);
    assert.equal(new TextDecoder().decode(files['manifest.json']), '{"ok":true}');
  });
});
