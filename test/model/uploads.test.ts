import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { deleteUpload, hashBytes, loadUpload, parseUploadUrl, readUpload, saveUpload, uploadUrl } from '../../src/model/persistence/uploads.js';
import { skipIn } from '../support/engine.js';

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
  afterEach(() => sinon.restore());
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

  it('stores the file as a Blob (nothing cloned on the page)', async function () {
    skipIn(this, 'idb-blob');
    const hash = await saveUpload(new File([new Uint8Array([5, 6, 7])], 'c.mp3', { type: 'audio/mpeg' }), 'u4', { dbName: DB });
    expect((await readUpload(hash, 'u4', { dbName: DB }))?.bytes instanceof Blob).to.equal(true);
  });

  it('where IndexedDB refuses the Blob (a private window), stores the bytes and reads back a File with its name and type', async () => {
    // The refusal as WebKit's ephemeral sessions make it: an UnknownError for a record holding a Blob.
    const put = IDBObjectStore.prototype.put;
    sinon.stub(IDBObjectStore.prototype, 'put').callsFake(function (this: IDBObjectStore, value: { bytes?: unknown }, key?: IDBValidKey) {
      if (value.bytes instanceof Blob) throw new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError');
      return put.call(this, value, key);
    });
    const hash = await saveUpload(new File([new Uint8Array([8, 9, 10])], 'bed.wav', { type: 'audio/wav' }), 'u6', { dbName: DB });
    sinon.restore();
    expect((await readUpload(hash, 'u6', { dbName: DB }))?.bytes instanceof ArrayBuffer).to.equal(true);
    const file = await loadUpload(uploadUrl(hash), 'u6', { dbName: DB });
    expect([file.name, file.type, ...new Uint8Array(await file.arrayBuffer())]).to.deep.equal(['bed.wav', 'audio/wav', 8, 9, 10]);
  });

  it('does not take the bytes path for a failure that is not the Blob refused', async () => {
    sinon.stub(IDBObjectStore.prototype, 'put').throws(new DOMException('full', 'QuotaExceededError'));
    expect(await codeOf(saveUpload(new File([new Uint8Array([1])], 'q.wav'), 'u7', { dbName: DB }))).to.equal('storage-quota');
    expect((IDBObjectStore.prototype.put as sinon.SinonStub).callCount).to.equal(1);
  });

  it('still reads a record stored with its bytes (the earlier format)', async () => {
    // The same bytes stored as they are today (this also makes the database), then under u5 as before.
    const hash = await saveUpload(new File([new Uint8Array([5, 6, 7])], 'c.mp3', { type: 'audio/mpeg' }), 'u4', { dbName: DB });
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const old = { key: `u5\u0000${hash}`, userId: 'u5', hash, name: 'c.mp3', type: 'audio/mpeg', size: 3, savedAt: '2026-01-01T00:00:00.000Z', bytes: new Uint8Array([5, 6, 7]).buffer };
    await new Promise((resolve, reject) => {
      const request = db.transaction('uploads', 'readwrite').objectStore('uploads').put(old);
      request.onsuccess = resolve;
      request.onerror = () => reject(request.error);
    });
    db.close();
    const file = await loadUpload(uploadUrl(hash), 'u5', { dbName: DB });
    expect([file.name, file.type, ...new Uint8Array(await file.arrayBuffer())]).to.deep.equal(['c.mp3', 'audio/mpeg', 5, 6, 7]);
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
