// The folder store's temporaries: a writer killed mid-write leaves `<name>.<12 hex>.tmp`; `settle` removes those
// of the folders named, and nothing else (a file of the user's named `.tmp`, a complete file, another folder).
// `create` writes a file only where none is: of writers at once, one wins and none leaves a temporary.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { folderStore } from '../../../src/batch/store.js';

describe('folderStore settle', () => {
  const root = mkdtempSync(join(tmpdir(), 'store-settle-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('removes a killed writer\'s temporaries from the folders named, and keeps every other file', async () => {
    const store = folderStore(root);
    await store.write('TR-100/TR-100_30s.wav', new Uint8Array([1, 2, 3]));
    for (const folder of ['TR-100', 'rows', 'TR-200']) mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, 'TR-100', 'TR-100_30s.wav.0123456789ab.tmp'), 'half');
    writeFileSync(join(root, 'rows', 'abc.json.ba9876543210.tmp'), 'half');
    writeFileSync(join(root, 'manifest.json.a1b2c3d4e5f6.tmp'), 'half');
    writeFileSync(join(root, 'TR-100', 'notes.tmp'), 'the user\'s');
    writeFileSync(join(root, 'TR-200', 'TR-200_30s.wav.0123456789ab.tmp'), 'not named');

    await store.settle!(['', 'rows', 'TR-100', 'TR-100', 'TR-300']);

    assert.deepEqual(readdirSync(join(root, 'TR-100')).sort(), ['TR-100_30s.wav', 'notes.tmp']);
    assert.deepEqual(readdirSync(join(root, 'rows')), []);
    assert.deepEqual(readdirSync(root).filter((name) => name.endsWith('.tmp')), []);
    assert.deepEqual(readdirSync(join(root, 'TR-200')), ['TR-200_30s.wav.0123456789ab.tmp'], 'a folder not named is not touched');
    await assert.rejects(store.settle!(['../elsewhere']), /The store refuses the path/);
  });
});

describe('folderStore create', () => {
  const root = mkdtempSync(join(tmpdir(), 'store-create-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('writes where no file is, keeps the first where one is, and of eight writers at once exactly one wins', async () => {
    const store = folderStore(root);
    assert.equal(await store.create('R05/R05_captions.vtt', new TextEncoder().encode('first')), true);
    assert.equal(await store.create('R05/R05_captions.vtt', new TextEncoder().encode('second')), false);
    assert.equal(new TextDecoder().decode(await store.read('R05/R05_captions.vtt')), 'first', 'the first stays');

    const written = await Promise.all(Array.from({ length: 8 }, (_, at) => store.create('R06/R06_captions.vtt', new TextEncoder().encode(`writer ${at}`))));
    assert.equal(written.filter(Boolean).length, 1, written.join(' '));
    assert.equal(new TextDecoder().decode(await store.read('R06/R06_captions.vtt')), `writer ${written.indexOf(true)}`, 'the winner\'s bytes, whole');
    assert.deepEqual(readdirSync(join(root, 'R06')), ['R06_captions.vtt'], 'no temporary left');
    await assert.rejects(store.create('../out.vtt', new Uint8Array(1)), /The store refuses the path/);
  });
});
