import { expect } from '@open-wc/testing';
import { deleteUpload, hashBytes, loadUpload, parseUploadUrl, readUpload, saveUpload, uploadUrl } from '../../src/model/persistence/uploads.js';

const DB = 'test-uploads-store';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'resolved';
}

describe('uploads store', () => {
  after(() => indexedDB.deleteDatabase(DB));

  it('keys a file by its SHA-256, once per user, and gives its bytes back', async () => {
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'a.wav', { type: 'audio/wav' });
    const hash = await saveUpload(file, 'u1', { dbName: DB });
    expect(hash).to.equal(await hashBytes(new Uint8Array([1, 2, 3, 4]).buffer));
    expect(await saveUpload(new File([new Uint8Array([1, 2, 3, 4])], 'b.wav'), 'u1', { dbName: DB })).to.equal(hash);
    const blob = await loadUpload(uploadUrl(hash), 'u1', { dbName: DB });
    expect(Array.from(new Uint8Array(await blob.arrayBuffer()))).to.deep.equal([1, 2, 3, 4]);
    expect((await readUpload(hash, 'u1', { dbName: DB }))?.size).to.equal(4);
  });

  it('does not give one user’s upload to another, and forgets a deleted one', async () => {
    const hash = await saveUpload(new Blob([new Uint8Array([9, 9])]), 'u2', { dbName: DB });
    expect(await codeOf(loadUpload(uploadUrl(hash), 'u3', { dbName: DB }))).to.equal('upload-missing');
    await deleteUpload(uploadUrl(hash), 'u2', { dbName: DB });
    expect(await codeOf(loadUpload(uploadUrl(hash), 'u2', { dbName: DB }))).to.equal('upload-missing');
  });

  it('refuses what is not an upload reference, and says when there is no IndexedDB', async () => {
    expect(parseUploadUrl('https://cdn.test/a.mp3')).to.equal(undefined);
    expect(parseUploadUrl(`upload:${'a'.repeat(64)}`)).to.equal('a'.repeat(64));
    expect(await codeOf(loadUpload('upload:xyz', 'u1', { dbName: DB }))).to.equal('upload-ref');
    expect(await codeOf(saveUpload(new Blob(['x']), 'u1', { indexedDB: null }))).to.equal('storage-unavailable');
  });
});
