import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { createProject } from '../../src/model/document.js';
import { draftKey, openDraftDb, readDraft, writeDraft } from '../../src/model/persistence/idb.js';
import { sampleProject } from './fixtures.js';
import { english, harness, press, uniqueDb, until } from './autosave-support.js';

/** A database holding a draft titled `title`, saved by a tab that closed normally. */
async function storedDraft(title: string): Promise<string> {
  const db = uniqueDb();
  const a = harness(db);
  await a.autosave.ready;
  a.store.dispatch({ type: 'project/rename', title });
  await a.autosave.dispose();
  return db;
}

describe('autosave', () => {
  afterEach(() => sinon.restore());

  it('waits for a quiet second, but never longer than the maximum wait', async () => {
    const h = harness(uniqueDb(), { debounceMs: 1000, maxWaitMs: 5000 });
    await h.autosave.ready;
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const flush = sinon.stub(h.autosave, 'flush').resolves();
    h.store.dispatch({ type: 'project/rename', title: 'A' });
    clock.tick(999);
    expect(flush.callCount).to.equal(0);
    clock.tick(1);
    expect(flush.callCount).to.equal(1);
    // Edits every 500 ms keep postponing the save, up to 5 s after the first one.
    flush.resetHistory();
    for (let i = 0; i < 12; i++) {
      h.store.dispatch({ type: 'clip/move', id: 'c1', start: i + 1 });
      clock.tick(500);
    }
    expect(flush.callCount).to.equal(1);
    expect(flush.firstCall.args.length).to.equal(0);
    clock.restore();
    await h.autosave.dispose();
  });

  it('saves when the page is hidden, and marks a normal close on pagehide', async () => {
    const h = harness(uniqueDb(), { debounceMs: 60_000, maxWaitMs: 60_000 });
    await h.autosave.ready;
    const flush = sinon.spy(h.autosave, 'flush');
    h.doc.visibilityState = 'hidden';
    h.doc.dispatchEvent(new Event('visibilitychange'));
    h.win.dispatchEvent(new Event('pagehide'));
    expect(flush.args).to.deep.equal([[], [true]]);
    await h.autosave.dispose();
  });

  it('saves, and a new store on the same database restores the project after a normal close', async () => {
    const db = uniqueDb();
    const a = harness(db);
    await a.autosave.ready;
    a.store.dispatch({ type: 'script/set-text', id: 's1', text: 'Saved words' });
    expect(a.store.getState().dirty).to.equal(true);
    await until(() => a.saved.length === 1, 'the debounced save');
    expect(a.store.getState().dirty).to.equal(false);
    expect(a.autosave.revision).to.equal(1);
    await a.autosave.dispose();

    const b = harness(db);
    await b.autosave.ready;
    expect(b.store.getState().project.script.sections[0]!.text).to.equal('Saved words');
    expect(b.store.getState().dirty).to.equal(false);
    expect(b.notices().length).to.equal(0);
    expect(b.autosave.revision).to.equal(2);
    await b.autosave.dispose();
  });

  it('a restart on the same project reads the draft after the last save landed (no false conflict)', async () => {
    const db = uniqueDb();
    const a = harness(db);
    await a.autosave.ready;
    a.store.dispatch({ type: 'project/rename', title: 'Before restart' });
    void a.autosave.dispose();
    const b = harness(db);
    await b.autosave.ready;
    expect(b.autosave.revision).to.equal(1);
    expect(b.store.getState().project.title).to.equal('Before restart');
    b.store.dispatch({ type: 'project/rename', title: 'After restart' });
    await b.autosave.flush();
    expect(b.errors.length).to.equal(0);
    expect(b.saved).to.deep.equal([2]);
    await b.autosave.dispose();
  });

  it('loading a document of another project reads that project\'s draft and offers it', async () => {
    const db = uniqueDb();
    const a = harness(db);
    await a.autosave.ready;
    a.store.dispatch({ type: 'project/rename', title: 'Stored draft of p-1' });
    await a.autosave.dispose();

    const b = harness(db, { project: sampleProject({ project_id: 'p-2', title: 'Other project' }) });
    await b.autosave.ready;
    b.store.dispatch({ type: 'project/load', project: sampleProject({ title: 'Host copy of p-1' }) });
    await b.autosave.ready;
    expect(b.notices().map((n) => n.kind)).to.deep.equal(['restore-draft']);
    press(b.autosave, 'restore-draft', 'Restore draft');
    expect(b.store.getState().project.title).to.equal('Stored draft of p-1');
    await b.autosave.dispose();
  });

  it('writes nothing for a project nobody changed', async () => {
    const db = uniqueDb();
    const a = harness(db);
    await a.autosave.ready;
    await a.autosave.dispose();
    const open = await openDraftDb(db);
    expect(await readDraft(open, draftKey('u-1', 'p-1'))).to.equal(undefined);
    open.close();
  });

  it('after a crash (no normal close), reopening restores the draft without asking, and says so', async () => {
    const db = uniqueDb();
    const a = harness(db);
    await a.autosave.ready;
    a.store.dispatch({ type: 'project/rename', title: 'Unsaved before the crash' });
    await a.autosave.flush();
    // The tab dies: no pagehide, no dispose.

    const restored: Array<{ savedAt: string; cleanExit: boolean }> = [];
    const b = harness(db, { onRestored: (detail) => restored.push(detail) });
    await b.autosave.ready;
    expect(b.store.getState().project.title).to.equal('Unsaved before the crash');
    expect(b.notices().length).to.equal(0);
    expect(restored.map((detail) => detail.cleanExit)).to.deep.equal([false]);
    // Saving goes on from the stored revision.
    b.store.dispatch({ type: 'mix/set', mix: { voiceLevel: -2 } });
    await b.autosave.flush();
    expect(b.saved).to.deep.equal([2]);
    await b.autosave.dispose();
  });

  it('an edit the page left before its save landed comes back from the journal', async () => {
    const db = uniqueDb();
    // A page whose IndexedDB save never lands (it unloads first): only the journal written on pagehide stays.
    const a = harness(db, { indexedDB: null, debounceMs: 60_000, maxWaitMs: 60_000 });
    await a.autosave.ready;
    a.store.dispatch({ type: 'project/rename', title: 'Typed just before the reload' });
    a.win.dispatchEvent(new Event('pagehide'));

    const b = harness(db);
    await b.autosave.ready;
    expect(b.store.getState().project.title).to.equal('Typed just before the reload');
    expect(b.notices().length).to.equal(0);
    // It is stored in IndexedDB now, and the journal is cleared.
    await until(() => b.saved.length === 1, 'the restored work to be saved');
    const open = await openDraftDb(db);
    expect(((await readDraft(open, draftKey('u-1', 'p-1')))!.doc as { title: string }).title).to.equal('Typed just before the reload');
    open.close();
    expect(Object.keys(localStorage).filter((key) => key.includes(db))).to.deep.equal([]);
    await a.autosave.dispose();
    await b.autosave.dispose();
  });

  it('writes no journal while a conflict waits for the user, so a reload cannot hide the stored draft', async () => {
    const db = await storedDraft('Draft title');
    const b = harness(db, { hostLoaded: true, project: sampleProject({ title: 'Host title' }) });
    await b.autosave.ready;
    b.store.dispatch({ type: 'project/rename', title: 'Host title, edited' });
    b.win.dispatchEvent(new Event('pagehide'));
    expect(Object.keys(localStorage).filter((key) => key.includes(db))).to.deep.equal([]);
    // The next page still finds the draft.
    const c = harness(db);
    await c.autosave.ready;
    expect(c.store.getState().project.title).to.equal('Draft title');
    await b.autosave.dispose();
    await c.autosave.dispose();
  });

  it('a journal older than the stored draft (another tab saved since) is not restored', async () => {
    const db = uniqueDb();
    const a = harness(db, { indexedDB: null, debounceMs: 60_000, maxWaitMs: 60_000 });
    await a.autosave.ready;
    a.store.dispatch({ type: 'project/rename', title: 'Old journal' });
    a.win.dispatchEvent(new Event('pagehide'));
    await a.autosave.dispose();
    // Another tab (one that does not read this journal) stores two revisions meanwhile.
    const other = harness(db, { journal: null });
    await other.autosave.ready;
    other.store.dispatch({ type: 'project/rename', title: 'Newer, from another tab' });
    await other.autosave.flush();
    other.store.dispatch({ type: 'project/rename', title: 'Newer still' });
    await other.autosave.flush();
    await other.autosave.dispose();
    // The journal was edited from revision 0, the stored draft is at 2: the journal is dropped.
    const b = harness(db);
    await b.autosave.ready;
    expect(b.store.getState().project.title).to.equal('Newer still');
    expect(Object.keys(localStorage).filter((key) => key.includes(db))).to.deep.equal([]);
    await b.autosave.dispose();
  });

  it('offers the draft when the host loaded a different project: says what differs and that saving waits', async () => {
    const db = await storedDraft('Draft title');

    const b = harness(db, { hostLoaded: true, project: sampleProject({ title: 'Host title' }) });
    await b.autosave.ready;
    const offer = b.notices().find((n) => n.kind === 'restore-draft')!;
    const text = english(offer.message, offer.params);
    expect(text).to.include('“Draft title”');
    expect(text).to.include('“Host title”');
    expect(text).to.include('Saving is paused until you choose.');
    expect(offer.details).to.deep.equal(['notice.part.title']);
  });

  it('keeping the loaded project asks once more, naming the draft that will be lost, before overwriting it', async () => {
    const db = await storedDraft('Draft title');

    const b = harness(db, { hostLoaded: true, project: sampleProject({ title: 'Host title' }) });
    await b.autosave.ready;
    press(b.autosave, 'restore-draft', 'Keep loaded project');
    // Nothing is written yet: a confirmation names what goes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.saved.length).to.equal(0);
    const confirm = b.notices().find((n) => n.kind === 'restore-draft')!;
    expect(english(confirm.message, confirm.params)).to.include('replace the draft “Draft title”');
    expect(english(confirm.message, confirm.params)).to.include('will be lost');
    press(b.autosave, 'restore-draft', 'Back');
    press(b.autosave, 'restore-draft', 'Keep loaded project');
    press(b.autosave, 'restore-draft', 'Replace the draft');
    await until(() => b.saved.length === 1, 'the save of the kept project');
    const open = await openDraftDb(db);
    const record = await readDraft(open, draftKey('u-1', 'p-1'));
    open.close();
    expect((record!.doc as { title: string }).title).to.equal('Host title');
    expect(record!.revision).to.equal(2);
    await b.autosave.dispose();
  });

  it('a quota error keeps the work, tells the user, offers an export, and recovers on retry', async () => {
    const h = harness(uniqueDb());
    await h.autosave.ready;
    const put = sinon.stub(IDBObjectStore.prototype, 'put').throws(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    h.store.dispatch({ type: 'project/rename', title: 'Precious' });
    await h.autosave.flush();
    expect(put.callCount).to.equal(1);
    expect(h.errors.map((e) => `${e.code}:${e.recoverable}`)).to.deep.equal(['storage-quota:true']);
    expect(h.store.getState().project.title).to.equal('Precious');
    expect(h.store.getState().dirty).to.equal(true);
    expect(h.autosave.guarded).to.equal(true);
    const notice = h.notices().find((n) => n.kind === 'save-failed')!;
    expect(english(notice.message, notice.params)).to.include('no room left');
    press(h.autosave, 'save-failed', 'Export project file');
    expect(h.exported.map((d) => d.title)).to.deep.equal(['Precious']);
    put.restore();
    press(h.autosave, 'save-failed', 'Try again');
    await until(() => h.saved.length === 1, 'the retried save');
    expect(h.notices().length).to.equal(0);
    expect(h.store.getState().dirty).to.equal(false);
    expect(h.autosave.guarded).to.equal(false);
    await h.autosave.dispose();
  });

  it('a failed transaction is reported as storage-failed, once per run of failures, and loses nothing', async () => {
    const h = harness(uniqueDb());
    await h.autosave.ready;
    const put = sinon.stub(IDBObjectStore.prototype, 'put').throws(new DOMException('The transaction was aborted.', 'AbortError'));
    h.store.dispatch({ type: 'clip/gain', id: 'c1', gain: -5 });
    await h.autosave.flush();
    h.store.dispatch({ type: 'clip/gain', id: 'c1', gain: -6 });
    await h.autosave.flush();
    expect(put.callCount).to.equal(2);
    expect(h.errors.map((e) => e.code)).to.deep.equal(['storage-failed']);
    expect(h.store.getState().project.clips[0]!.gain).to.equal(-6);
    put.restore();
    await h.autosave.flush();
    expect(h.saved.length).to.equal(1);
    await h.autosave.dispose();
  });

  it('without IndexedDB (private mode) the editor keeps working and says so', async () => {
    const h = harness(uniqueDb(), { indexedDB: null });
    await h.autosave.ready;
    expect(h.errors[0]!.code).to.equal('storage-unavailable');
    expect(english(h.notices()[0]!.message)).to.include('private mode');
    h.store.dispatch({ type: 'project/rename', title: 'Kept in memory' });
    await h.autosave.flush();
    // No retry (and no new error) on each edit; "Try again" retries.
    expect(h.errors.length).to.equal(1);
    press(h.autosave, 'save-failed', 'Try again');
    await until(() => h.errors.length === 1 && h.notices().length === 1, 'the retry');
    expect(h.store.getState().project.title).to.equal('Kept in memory');
    expect(h.autosave.guarded).to.equal(true);
    press(h.autosave, 'save-failed', 'Export project file');
    expect(h.exported.length).to.equal(1);
    await h.autosave.dispose();
  });

  it('a blocked database is reported as storage-blocked', async () => {
    const blocked = {
      open() {
        const request = {} as IDBOpenDBRequest;
        setTimeout(() => request.onblocked?.(new Event('blocked') as IDBVersionChangeEvent));
        return request;
      },
    } as unknown as IDBFactory;
    const h = harness(uniqueDb(), { indexedDB: blocked });
    await h.autosave.ready;
    expect(h.errors.map((e) => e.code)).to.deep.equal(['storage-blocked']);
    await h.autosave.dispose();
  });

  it('installs the beforeunload guard only while changes are unsaved', async () => {
    const h = harness(uniqueDb());
    await h.autosave.ready;
    const before = new Event('beforeunload', { cancelable: true });
    h.win.dispatchEvent(before);
    expect(before.defaultPrevented).to.equal(false);
    h.store.dispatch({ type: 'project/rename', title: 'x' });
    const during = new Event('beforeunload', { cancelable: true });
    h.win.dispatchEvent(during);
    expect(during.defaultPrevented).to.equal(true);
    await h.autosave.flush();
    const after = new Event('beforeunload', { cancelable: true });
    h.win.dispatchEvent(after);
    expect(after.defaultPrevented).to.equal(false);
    await h.autosave.dispose();
  });

  it('refuses a write whose revision is behind the stored one, in the same transaction', async () => {
    const db = await openDraftDb(uniqueDb());
    const record = { key: 'k', userId: 'u', projectId: 'p', revision: 1, savedAt: '', cleanExit: false, tabId: 't', doc: createProject({ projectId: 'p', title: 'one', duration: 30 }) };
    await writeDraft(db, record, 0);
    await writeDraft(db, { ...record, revision: 2 }, 1);
    let code = '';
    try {
      await writeDraft(db, { ...record, revision: 2, tabId: 'stale' }, 1);
    } catch (error) {
      code = (error as { code: string }).code;
    }
    expect(code).to.equal('storage-conflict');
    expect((await readDraft(db, 'k'))!.revision).to.equal(2);
    db.close();
  });
});
