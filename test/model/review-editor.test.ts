// The review in the whole element (issue 42): the reviewer role refuses a loaded document and any edit, the
// status line says why; the host's review.user is the store's; each comment, resolution and decision fires
// studio-review, heard by handle.on('review').
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import '../../src/components/studio-editor/studio-editor.js';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import type { StudioConfig } from '../../src/config/types.js';
import { create } from '../../src/create.js';
import { StudioError } from '../../src/errors.js';
import type { StudioReviewDetail, StudioReviewEvent } from '../../src/events/studio-review.js';
import { contentHash } from '../../src/model/content-hash.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { sampleProject } from './fixtures.js';

const DANA = { id: 'u-dana', name: 'Dana Client', role: 'client' };

async function mount(config: Partial<StudioConfig> = {}): Promise<StudioEditor> {
  const element = await fixture<StudioEditor>(html`<studio-editor></studio-editor>`);
  const ready = oneEvent(element, 'studio-ready');
  element.config = { auth: { ...testAuth(), userId: 'u-review' }, project: { id: `p-${crypto.randomUUID()}`, autosave: false }, ...config };
  await ready;
  return element;
}

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
    await waitUntil(() => status().includes('You are reviewing'), () => `the status line says why (it says "${status()}")`, { timeout: 5000 });

    const { review: _review, ...rest } = element.config!;
    element.config = { ...rest, tools: { role: 'creator' } } as StudioConfig;
    await waitUntil(() => element.store.getState().role === 'creator', 'the new config\'s role in the store');
    expect(element.store.getState().reviewUser, 'no review.user: none').to.equal(undefined);
    const loaded = await element.loadProject(sampleProject({ title: 'Loaded' }));
    expect(loaded.title).to.equal('Loaded');
  });
});

describe('studio-review', () => {
  afterEach(() => cleanupMounts());

  it('fires for a comment, a reply, a resolution, a reopening and a decision, heard by on(\'review\'); a refused one fires nothing; exportReview() gives them as Web Annotations', async () => {
    mountPoint('editor-review');
    const handle = await create({ target: '#editor-review', auth: testAuth(), project: { id: `p-${crypto.randomUUID()}`, autosave: false }, tools: { role: 'reviewer' }, review: { user: DANA } });
    try {
      await import('../../src/model/review.js');
      const heard: StudioReviewDetail[] = [];
      const events: StudioReviewEvent[] = [];
      handle.on('review', (detail) => heard.push(detail));
      handle.element.addEventListener('studio-review', (event) => events.push(event));
      const { store } = handle.element;
      const at = '2026-05-01T09:30:00.000Z';
      store.dispatch({ type: 'review/comment', id: 'k1', at, body: 'Louder', start: 1, end: 2 });
      store.dispatch({ type: 'review/comment', id: 'k2', at, body: 'Agreed', thread: 'k1' });
      store.dispatch({ type: 'review/resolve', thread: 'k1', at });
      store.dispatch({ type: 'review/reopen', thread: 'k1' });
      store.dispatch({ type: 'review/decide', id: 'd1', at, label: 'approved' });
      expect(() => store.dispatch({ type: 'review/decide', id: 'd2', at, label: 'changes-required' })).to.throw(StudioError);
      // The event's module is a chunk of its own: each fires a moment after its change, in order.
      await waitUntil(() => heard.length >= 5, 'five studio-review events');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.map((detail) => detail.type)).to.deep.equal(['comment', 'comment', 'resolve', 'resolve', 'decision']);
      expect(events.every((event) => event.bubbles && event.composed)).to.equal(true);
      const [first, reply, resolved, reopened, decision] = heard;
      expect(first).to.deep.include({ type: 'comment', reply: false });
      expect(first!.type === 'comment' && first!.comment.author).to.deep.equal(DANA);
      expect(reply!.type === 'comment' && reply!.reply).to.equal(true);
      expect(resolved).to.deep.include({ type: 'resolve', thread: 'k1', resolved: true, at });
      expect(reopened!.type === 'resolve' && [reopened!.resolved, reopened!.at]).to.deep.equal([false, undefined]);
      expect(decision!.type === 'decision' && decision!.decision.contentHash).to.equal(contentHash(handle.getProject()));
      expect(handle.getProject().review.comments.length).to.equal(2);
      // The handle's export: the same comments as Web Annotations.
      const exported = await handle.exportReview({ source: 'https://cdn.example/{version}.wav' });
      expect(exported.type).to.equal('AnnotationCollection');
      expect(exported.first.items.map((item) => [item.motivation, item.body.value])).to.deep.equal([
        ['commenting', 'Louder'],
        ['replying', 'Agreed'],
      ]);
      expect(exported.first.items[0]!.target).to.deep.include({ source: 'https://cdn.example/v1.wav' });
    } finally {
      handle.destroy();
    }
  });
});
