// Review actions from any step (issue 53): in a producer's editor on the emulator, the reviewer named by the host
// once the editor is up (its Review step is new then, and never opened), the Script step open: C on the timeline and a span's "Comment on" open the Review
// step's form, focused, at the playhead or on the span; the comment sent has it.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { StudioReviewPanel } from '../../src/components/studio-review-panel/studio-review-panel.js';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import type { StudioHandle } from '../../src/create.js';
import { deepQuery } from '../support/deep-query.js';
import { makeAdOnEmulator } from '../support/made-ad.js';
import { editorOnEmulator, leaveScreen, useScreen } from '../support/screen.js';
import { waitUntil } from '../support/wait.js';

const DANA = { id: 'u-dana', name: 'Dana Client', role: 'client' };

describe('Review actions from any step (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  const root = () => handle!.element.shadowRoot!;
  const panels = () => root().querySelector('studio-editor-panels')!;
  const shownPanel = () => [...panels().children].find((child) => !child.hasAttribute('hidden') && child.getAttribute('slot') !== null)?.getAttribute('slot');

  before(async () => {
    await useScreen({ width: 1280, height: 800, touch: false });
    handle = await editorOnEmulator('review-any-step', 700);
    await makeAdOnEmulator(handle, handle.element.config!.project!.id!);
    // The host names the reviewer once the editor is up (its Review step comes then, never opened).
    handle.update({ review: { user: DANA } });
    await waitUntil(() => deepQuery(root(), '#tab-review'), 'the Review step offered');
    (deepQuery(root(), '#tab-script') as HTMLElement).click();
    await waitUntil(() => shownPanel() === 'script', 'the Script step shown');
  });
  after(() => leaveScreen(handle));

  /** The timeline, once drawn with its clips. */
  async function timeline(): Promise<StudioTimeline> {
    await waitUntil(() => deepQuery(root(), 'studio-editor-timeline')?.shadowRoot?.querySelector('.clip'), 'the timeline with its clips');
    return deepQuery(root(), 'studio-editor-timeline') as StudioTimeline;
  }

  /** The Review step shown, its form focused; what it says it comments on. */
  async function reviewForm(): Promise<{ panel: StudioReviewPanel; label: string }> {
    const panel = root().querySelector('studio-editor-review-panel')!;
    await waitUntil(() => shownPanel() === 'review' && panel.shadowRoot?.activeElement?.id === 'review-draft', "the Review step's form, shown and focused");
    return { panel, label: panel.shadowRoot!.querySelector('[part=composer] label')!.textContent! };
  }

  it('opens the Review form with C on the timeline, from the Script step', async () => {
    expect(shownPanel(), 'the Review step never opened').to.equal('script');
    const view = await timeline();
    view.shadowRoot!.querySelector<HTMLElement>('.clip')!.focus();
    await sendKeys({ press: 'c' });
    const form = await reviewForm();
    expect(form.label).to.match(/^Comment at /);
  });

  it("opens it on a span with the span's \"Comment on\", from the Script step, and the comment has the span", async () => {
    (deepQuery(root(), '#tab-script') as HTMLElement).click();
    await waitUntil(() => shownPanel() === 'script', 'the Script step shown again');
    const view = await timeline();
    view.selectRange(2, 5, true);
    await view.updateComplete;
    const button = view.shadowRoot!.querySelector<HTMLButtonElement>('.range-comment');
    expect(button, 'Comment on the span').to.not.equal(null);
    button!.click();
    const form = await reviewForm();
    expect(form.label).to.equal('Comment at 0:02.0–0:05.0');
    const draft = form.panel.shadowRoot!.querySelector<HTMLTextAreaElement>('#review-draft')!;
    draft.value = 'Louder here';
    draft.dispatchEvent(new Event('input'));
    await form.panel.updateComplete;
    form.panel.shadowRoot!.querySelector<HTMLButtonElement>('[part=composer] button[type=submit]')!.click();
    await waitUntil(() => handle!.getProject().review.comments.length > 0, 'the comment sent');
    const comment = handle!.getProject().review.comments.at(-1)!;
    expect([comment.anchor.start, comment.anchor.end]).to.deep.equal([2, 5]);
  });
});
