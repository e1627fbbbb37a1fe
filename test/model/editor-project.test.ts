import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { create } from '../../src/create.js';
import type { StudioChangeDetail } from '../../src/events/studio-change.js';
import { Autosave } from '../../src/model/persistence/autosave.js';
import { createEditorStore } from '../../src/model/editor-state.js';
import { StudioProjectError } from '../../src/model/validate.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { sampleProject } from './fixtures.js';

const unique = () => `p-${crypto.randomUUID()}`;

async function mount(projectId: string, userId = 'u-editor'): Promise<StudioEditor> {
  const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
  const ready = oneEvent(element, 'studio-ready');
  element.config = { auth: { ...testAuth(), userId }, project: { id: projectId, title: 'From config' } };
  await ready;
  return element;
}

describe('<studio-editor> project document', () => {
  afterEach(() => {
    sinon.restore();
    cleanupMounts();
  });

  it('starts the document from config with project_id and fires studio-change on edits and undo', async () => {
    const id = unique();
    const element = await mount(id);
    expect(element.getProject().project_id).to.equal(id);
    expect(element.getProject().title).to.equal('From config');
    const changes: StudioChangeDetail[] = [];
    element.addEventListener('studio-change', (event) => changes.push(event.detail));
    element.store.dispatch({ type: 'project/rename', title: 'Edited' });
    element.store.dispatch({ type: 'history/undo' });
    element.store.dispatch({ type: 'usage/received', operation: 'recommend', usage: { credits_used: 1 } });
    expect(changes.map((c) => `${c.action}/${c.source}/${c.dirty}/${c.canUndo}/${c.canRedo}`)).to.deep.equal([
      'project/rename/edit/true/true/false',
      'history/undo/undo/false/false/true',
      'usage/received/service/true/false/true',
    ]);
  });

  it('fires studio-save with the revision after a save', async () => {
    const element = await mount(unique());
    const saved = oneEvent(element, 'studio-save');
    element.store.dispatch({ type: 'project/rename', title: 'Save me' });
    await element.saveNow();
    const event = await saved;
    expect(event.detail.revision).to.equal(1);
    expect(event.bubbles && event.composed).to.equal(true);
    expect(element.store.getState().dirty).to.equal(false);
  });

  it('reports a storage failure as a recoverable studio-error and shows a notice with an export', async () => {
    const element = await mount(unique());
    sinon.stub(IDBObjectStore.prototype, 'put').throws(new DOMException('full', 'QuotaExceededError'));
    const failed = oneEvent(element, 'studio-error');
    element.store.dispatch({ type: 'project/rename', title: 'Too big' });
    void element.saveNow();
    const event = await failed;
    expect(`${event.detail.code}/${event.detail.recoverable}`).to.equal('storage-quota/true');
    await element.updateComplete;
    const notices = element.shadowRoot!.querySelector('studio-editor-notices')!;
    await notices.updateComplete;
    const labels = [...notices.shadowRoot!.querySelectorAll('[part="action"]')].map((b) => b.textContent);
    expect(labels).to.deep.equal(['Export project file', 'Try again']);
    expect(element.getProject().title).to.equal('Too big');
  });

  it('restores a crashed draft in the editor without asking, with a quiet status line', async () => {
    const id = unique();
    const store = createEditorStore({ project: sampleProject({ project_id: id, title: 'Crashed draft' }) });
    const crashed = new Autosave({ store, userId: 'u-editor' });
    await crashed.ready;
    store.dispatch({ type: 'mix/set', mix: { voiceLevel: -3 } });
    await crashed.flush();

    const element = await mount(id);
    expect(element.getProject().title).to.equal('Crashed draft');
    expect(element.getProject().mix.voiceLevel).to.equal(-3);
    await element.updateComplete;
    const notices = element.shadowRoot!.querySelector('studio-editor-notices')!;
    await notices.updateComplete;
    expect(notices.shadowRoot!.querySelectorAll('[data-kind="restore-draft"]').length).to.equal(0);
    expect(element.shadowRoot!.querySelector('[part="status"]')!.textContent).to.match(/^Restored your work from .+ \((now|\d+ seconds? ago)\)\./);
    // The first edit after it clears the line.
    element.store.dispatch({ type: 'project/rename', title: 'Going on' });
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[part="status"]')!.textContent).to.not.include('Restored');
  });
});

describe('handle.getProject() and handle.loadProject()', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => cleanupMounts());

  it('getProject returns a frozen snapshot; loadProject validates, migrates and is one undo step', async () => {
    mountPoint('editor-p');
    const handle = await create({ target: '#editor-p', auth: testAuth(), project: { id: unique(), title: 'Mine' } });
    const before = handle.getProject();
    expect(Object.isFrozen(before)).to.equal(true);
    let error: unknown;
    try {
      await handle.loadProject({ ...JSON.parse(JSON.stringify(before)), duration: 'long' });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(StudioProjectError);
    expect((error as Error).message).to.equal('project.duration: expected a number (seconds), got "long"');
    expect(handle.getProject()).to.equal(before);

    const loaded = await handle.loadProject({ schemaVersion: 1, id: before.project_id, title: 'Old file', duration: 20, script: ['Hi'], voice: null, music: null, musicGain: -6 });
    expect(loaded.title).to.equal('Old file');
    expect(handle.getProject().script.sections[0]!.text).to.equal('Hi');
    handle.element.store.dispatch({ type: 'history/undo' });
    expect(handle.getProject().title).to.equal('Mine');
    handle.destroy();
  });

  it('exports and imports the project file through the element', async () => {
    mountPoint('editor-q');
    const handle = await create({ target: '#editor-q', auth: testAuth(), project: { id: unique(), title: 'Round trip' } });
    const { blob, fileName } = handle.element.exportProjectFile();
    expect(fileName).to.equal('round-trip.studio.json');
    handle.element.store.dispatch({ type: 'project/rename', title: 'Changed' });
    await handle.element.importProjectFile(blob);
    expect(handle.getProject().title).to.equal('Round trip');
    handle.destroy();
  });
});
