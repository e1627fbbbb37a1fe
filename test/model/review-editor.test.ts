// The review in the whole element (issue 42): the reviewer role refuses a loaded document and any edit, the
// status line says why; the host's review.user is the store's.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import type { StudioConfig } from '../../src/config/types.js';
import { StudioError } from '../../src/errors.js';
import { cleanupMounts, testAuth } from '../support/auth.js';
import { sampleProject } from './fixtures.js';

const DANA = { id: 'u-dana', name: 'Dana Client', role: 'client' };

async function mount(config: Partial<StudioConfig> = {}): Promise<StudioEditor> {
  const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
  const ready = oneEvent(element, 'studio-ready');
  element.config = { auth: { ...testAuth(), userId: 'u-review' }, project: { id: `p-${crypto.randomUUID()}`, autosave: false }, ...config };
  await ready;
  return element;
}

/** Waits until the element has rendered what the store holds now. */
const settled = async (element: StudioEditor) => {
  await element.updateComplete;
  await new Promise((resolve) => setTimeout(resolve, 50));
  await element.updateComplete;
};

describe('<studio-editor> in the reviewer role', () => {
  afterEach(() => cleanupMounts());

  it('refuses loadProject() with review-only and a key edit, and the status line says why; a creator loads', async () => {
    const element = await mount({ tools: { role: 'reviewer' }, review: { user: DANA } });
    expect(element.store.getState().role).to.equal('reviewer');
    expect(element.store.getState().reviewUser).to.deep.equal(DANA);
    const before = element.getProject();
    const error = await element.loadProject(sampleProject()).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).to.be.instanceOf(StudioError);
    expect((error as StudioError).code).to.equal('review-only');
    expect((error as StudioError).recoverable).to.equal(true);
    expect(element.getProject()).to.equal(before);
    element.store.dispatch({ type: 'project/rename', title: 'Changed' });
    expect(element.getProject().title).to.equal(before.title);
    expect(element.store.getState().refusal).to.have.property('reviewOnly', true);
    const status = () => element.shadowRoot!.querySelector('[part="status"]')!.textContent ?? '';
    await waitUntil(() => status().includes('You are reviewing'), `the status line says why (it says "${status()}")`, { timeout: 5000 });

    const { review: _review, ...rest } = element.config!;
    element.config = { ...rest, tools: { role: 'creator' } } as StudioConfig;
    await settled(element);
    expect(element.store.getState().role).to.equal('creator');
    expect(element.store.getState().reviewUser, 'no review.user: none').to.equal(undefined);
    const loaded = await element.loadProject(sampleProject({ title: 'Loaded' }));
    expect(loaded.title).to.equal('Loaded');
  });
});
