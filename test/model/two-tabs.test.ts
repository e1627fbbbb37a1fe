import { expect } from '@open-wc/testing';
import { draftKey, openDraftDb, readDraft } from '../../src/model/persistence/idb.js';
import { english, press, uniqueDb, until } from './autosave-support.js';

type Tab = NonNullable<Window['tab']>;

async function openTab(db: string, extra = ''): Promise<{ frame: HTMLIFrameElement; tab: Tab }> {
  const frame = document.createElement('iframe');
  frame.src = `/test/model/fixtures/tab.html?db=${encodeURIComponent(db)}${extra}`;
  document.body.append(frame);
  await until(() => frame.contentWindow?.tab !== undefined, 'the tab to start', 8000);
  return { frame, tab: frame.contentWindow!.tab! };
}

async function storedTitle(db: string): Promise<string> {
  const open = await openDraftDb(db);
  const record = await readDraft(open, draftKey('u-tabs', 'shared'));
  open.close();
  return (record?.doc as { title: string } | undefined)?.title ?? '(none)';
}

describe('two tabs on one project', () => {
  const frames: HTMLIFrameElement[] = [];
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  it('the other tab is told, cannot overwrite the newer work, and can load it', async () => {
    const db = uniqueDb();
    const a = await openTab(db);
    const b = await openTab(db);
    frames.push(a.frame, b.frame);

    a.tab.store.dispatch({ type: 'project/rename', title: 'Edited in A' });
    await until(() => a.tab.saved.length === 1, 'tab A to save');
    await until(() => b.tab.autosave.notices.some((n) => n.kind === 'other-tab'), 'tab B to hear of it');
    expect(english(b.tab.autosave.notices[0]!.message)).to.include('edited in another tab');

    // Tab B edits its older copy: saving is paused, the stored work of A stays.
    b.tab.store.dispatch({ type: 'project/rename', title: 'Stale edit in B' });
    await b.tab.autosave.flush();
    expect(b.tab.saved.length).to.equal(0);
    expect(await storedTitle(db)).to.equal('Edited in A');

    press(b.tab.autosave, 'other-tab', 'Load the newer version');
    await until(() => b.tab.store.getState().project.title === 'Edited in A', 'tab B to load the newer version');
    expect(b.tab.autosave.notices.length).to.equal(0);

    // B now continues from the newer revision, and its next save lands.
    b.tab.store.dispatch({ type: 'project/rename', title: 'B continues' });
    await until(() => b.tab.saved.length === 1, 'tab B to save');
    expect(b.tab.saved[0]).to.equal(2);
    expect(await storedTitle(db)).to.equal('B continues');
  });

  it('without the broadcast, the revision check alone stops an overwrite', async () => {
    const db = uniqueDb();
    const a = await openTab(db);
    const b = await openTab(db, '&nochannel');
    frames.push(a.frame, b.frame);
    a.tab.store.dispatch({ type: 'project/rename', title: 'A first' });
    await until(() => a.tab.saved.length === 1, 'tab A to save');
    b.tab.store.dispatch({ type: 'project/rename', title: 'B later, from revision 0' });
    await b.tab.autosave.flush();
    expect(b.tab.saved.length).to.equal(0);
    expect(await storedTitle(db)).to.equal('A first');
    expect(b.tab.autosave.notices.some((n) => n.kind === 'other-tab')).to.equal(true);
  });
});
