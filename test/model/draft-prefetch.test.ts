// The draft read early: the connection opened ahead (create()), the read once the key is known, and the
// autosave that adopts both.
import { expect } from '@open-wc/testing';
import { DEFAULT_DB_NAME, draftKey, openDraftDb, writeDraft, type DraftRecord } from '../../src/model/persistence/idb.js';
import { openDraftsAhead, prefetchDraft } from '../../src/model/persistence/draft-prefetch.js';
import { harness, uniqueDb, until } from './autosave-support.js';
import { sampleProject } from './fixtures.js';

/** Stores a draft of `title` for u-1's project of `projectId` in `dbName`. */
async function store(dbName: string, projectId: string, title: string): Promise<void> {
  const db = await openDraftDb(dbName);
  const doc = { ...sampleProject(), project_id: projectId, title };
  const record: DraftRecord = { key: draftKey('u-1', projectId), userId: 'u-1', projectId, revision: 1, savedAt: new Date().toISOString(), cleanExit: true, tabId: 'other', doc };
  await writeDraft(db, record, 0);
  db.close();
}

/** Whether `db` was closed (a closed connection refuses transactions). */
function closed(db: IDBDatabase): boolean {
  try {
    db.transaction('drafts', 'readonly');
    return false;
  } catch (error) {
    return (error as DOMException).name === 'InvalidStateError';
  }
}

describe('prefetchDraft', () => {
  it('reads the stored draft once its user and project are known, after the last save it is given', async () => {
    const dbName = uniqueDb();
    await store(dbName, 'p-1', 'Stored');
    let land!: () => void;
    const after = new Promise<void>((resolve) => (land = resolve));
    const prefetch = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-1', after }), { dbName });
    let read = false;
    void prefetch.draft.then(() => (read = true));
    await prefetch.db;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).to.equal(false);
    land();
    const { key, record } = await prefetch.draft;
    expect(key).to.equal(draftKey('u-1', 'p-1'));
    expect((record?.doc as { title: string }).title).to.equal('Stored');
    (await prefetch.db).close();
  });

  it('reads nothing for a project made just now: it has no draft', async () => {
    const dbName = uniqueDb();
    await store(dbName, 'p-new', 'Not this one');
    const prefetch = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-new', fresh: true }), { dbName });
    const { key, record } = await prefetch.draft;
    expect(key).to.equal(draftKey('u-1', 'p-new'));
    expect(record).to.equal(undefined);
    (await prefetch.db).close();
  });

  it('rejects with a storage error without IndexedDB', async () => {
    const prefetch = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-1' }), { dbName: uniqueDb(), indexedDB: null });
    const code = await prefetch.draft.then(() => 'read', (error: { code: string }) => error.code);
    expect(code).to.equal('storage-unavailable');
  });
});

describe('openDraftsAhead', () => {
  it('gives its connection to the next prefetch of that database, once; closing afterwards leaves it open', async () => {
    const ahead = openDraftsAhead();
    const prefetch = prefetchDraft(Promise.resolve({ userId: 'u-ahead', projectId: 'p' }));
    const second = prefetchDraft(Promise.resolve({ userId: 'u-ahead', projectId: 'p' }));
    ahead.close();
    expect(prefetch.db === ahead.db).to.equal(true);
    expect(second.db === ahead.db).to.equal(false);
    const [db, other] = await Promise.all([prefetch.db, second.db]);
    await prefetch.draft;
    expect(closed(db)).to.equal(false);
    db.close();
    other.close();
  });

  it('is closed when no prefetch took it, and is not given to one on another database or factory', async () => {
    const ahead = openDraftsAhead(DEFAULT_DB_NAME);
    const elsewhere = prefetchDraft(Promise.resolve({ userId: 'u-ahead', projectId: 'p' }), { dbName: uniqueDb() });
    const injected = prefetchDraft(Promise.resolve({ userId: 'u-ahead', projectId: 'p' }), { indexedDB: indexedDB });
    ahead.close();
    const late = prefetchDraft(Promise.resolve({ userId: 'u-ahead', projectId: 'p' }));
    expect([elsewhere.db, injected.db, late.db].some((db) => db === ahead.db)).to.equal(false);
    const untaken = await ahead.db;
    await until(() => closed(untaken), 'the connection nobody took is closed');
    const dbs = await Promise.all([elsewhere.db, injected.db, late.db]);
    expect(dbs.map(closed)).to.deep.equal([false, false, false]);
    for (const db of dbs) db.close();
  });
});

describe('openDraftsAhead with the draft known', () => {
  /** Stores `title` over u-1's draft of `projectId` (the revision after `revision`). */
  async function storeOver(dbName: string, projectId: string, title: string, revision: number): Promise<void> {
    const db = await openDraftDb(dbName);
    const doc = { ...sampleProject(), project_id: projectId, title };
    await writeDraft(db, { key: draftKey('u-1', projectId), userId: 'u-1', projectId, revision, savedAt: new Date().toISOString(), cleanExit: true, tabId: 'other', doc }, revision);
    db.close();
  }
  const title = (read: { record: DraftRecord | undefined }) => (read.record?.doc as { title: string } | undefined)?.title;

  it('reads the draft as soon as the database opened, and gives that read to the prefetch of the same draft', async () => {
    const dbName = uniqueDb();
    await store(dbName, 'p-ahead', 'Read ahead');
    const ahead = openDraftsAhead(dbName, { userId: 'u-1', projectId: 'p-ahead' });
    expect((((await ahead.read)?.doc) as { title: string }).title).to.equal('Read ahead');
    // Changed since: the prefetch's record is the one read ahead, not a second read.
    await storeOver(dbName, 'p-ahead', 'Changed since', 1);
    const prefetch = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-ahead' }), { dbName });
    ahead.close();
    expect(prefetch.db === ahead.db).to.equal(true);
    expect(title(await prefetch.draft)).to.equal('Read ahead');
    (await prefetch.db).close();
  });

  it('reads again for another draft, or after a last save of the same one under way', async () => {
    const dbName = uniqueDb();
    await store(dbName, 'p-ahead', 'Read ahead');
    await store(dbName, 'p-other', 'Other');
    const first = openDraftsAhead(dbName, { userId: 'u-1', projectId: 'p-ahead' });
    await first.read;
    const other = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-other' }), { dbName });
    expect(title(await other.draft)).to.equal('Other');
    (await other.db).close();

    const second = openDraftsAhead(dbName, { userId: 'u-1', projectId: 'p-ahead' });
    await second.read;
    let land!: () => void;
    const after = new Promise<void>((resolve) => (land = resolve));
    const prefetch = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-ahead', after }), { dbName });
    await storeOver(dbName, 'p-ahead', 'Saved on the way out', 1);
    land();
    expect(title(await prefetch.draft)).to.equal('Saved on the way out');
    (await prefetch.db).close();
  });

  it('reads no record when the user has no draft of the project yet', async () => {
    const dbName = uniqueDb();
    const ahead = openDraftsAhead(dbName, { userId: 'u-1', projectId: 'p-none' });
    const prefetch = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-none' }), { dbName });
    expect((await prefetch.draft).record).to.equal(undefined);
    expect(await ahead.read).to.equal(undefined);
    (await prefetch.db).close();
  });
});

describe('Autosave with a prefetched draft', () => {
  it('restores the draft read early, and saves on the adopted connection', async () => {
    const dbName = uniqueDb();
    await store(dbName, 'p-early', 'Read early');
    const prefetched = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-early' }), { dbName });
    const h = harness(dbName, { project: { ...sampleProject(), project_id: 'p-early' }, prefetched });
    await h.autosave.ready;
    expect(h.store.getState().project.title).to.equal('Read early');
    h.store.dispatch({ type: 'project/rename', title: 'Edited' });
    await h.autosave.flush();
    expect(h.saved).to.deep.equal([2]);
    await h.autosave.dispose();
    expect(closed(await prefetched.db)).to.equal(true);
  });

  it('reads its own draft when the one read early is of another project', async () => {
    const dbName = uniqueDb();
    await store(dbName, 'p-mine', 'Mine');
    const prefetched = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-other' }), { dbName });
    const h = harness(dbName, { project: { ...sampleProject(), project_id: 'p-mine' }, prefetched });
    await h.autosave.ready;
    expect(h.store.getState().project.title).to.equal('Mine');
    await h.autosave.dispose();
  });

  it('reads again after a last save of the same draft that began after the early read', async () => {
    const dbName = uniqueDb();
    const first = harness(dbName, { project: { ...sampleProject(), project_id: 'p-race' } });
    await first.autosave.ready;
    const prefetched = prefetchDraft(Promise.resolve({ userId: 'u-1', projectId: 'p-race' }), { dbName });
    await prefetched.draft;
    first.store.dispatch({ type: 'project/rename', title: 'Saved on the way out' });
    void first.autosave.dispose();
    const second = harness(dbName, { project: { ...sampleProject(), project_id: 'p-race' }, prefetched });
    await until(() => second.store.getState().project.title === 'Saved on the way out', 'the last save is read, not the early read');
    await second.autosave.dispose();
  });
});
