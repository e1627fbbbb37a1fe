// Words that help (issue 33): choosing an idea names a project that still has the config's default title
// after it ("Dark Roast Beans: Story"), in the same undo step, and never replaces a title the user typed.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import type { Recommendation } from '../../src/api/contract.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint, testAuth } from '../support/auth.js';
import { deepQuery } from '../support/deep-query.js';

const idea = (id: string, title: string): Recommendation => ({
  recommendation_id: id,
  title,
  script: { sections: [{ id: `${id}-hook`, label: 'Hook', text: 'Wake up to it.' }] },
  voice: { voice_id: 'v1', name: 'Ava', language: 'en-US' },
  music: { track_id: 't1', title: 'Sunrise', style: 'upbeat' },
  duration_s: 29,
});

describe('<studio-editor> the title follows the idea', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  async function open(): Promise<StudioHandle> {
    mountPoint('editor-title');
    handle = await create({ target: '#editor-title', auth: testAuth(), project: { autosave: false, title: 'My first audio ad', duration: 30 } });
    handle.element.store.dispatch({ type: 'recommendations/received', recommendations: [idea('r1', 'Dark Roast Beans: Story'), idea('r2', 'Dark Roast Beans: Offer')] });
    await waitUntil(() => deepQuery(handle!.element.shadowRoot!, 'studio-editor-recommendation-card'), 'the cards');
    return handle;
  }

  /** The "Use" button of the card of idea `index`. */
  async function choose(h: StudioHandle, index: number): Promise<void> {
    const panel = deepQuery(h.element.shadowRoot!, 'studio-editor-recommend-panel')!;
    const card = panel.shadowRoot!.querySelectorAll('studio-editor-recommendation-card')[index]!;
    await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    card.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')[1]!.click();
    await h.element.updateComplete;
  }

  const titleField = (h: StudioHandle) => deepQuery(h.element.shadowRoot!, 'input[part="title"]') as HTMLInputElement;

  it('names a project with the default title after the chosen idea, in one undo step', async () => {
    const h = await open();
    await choose(h, 0);
    expect(h.getProject().title).to.equal('Dark Roast Beans: Story');
    expect(h.getProject().script.sections[0]!.id).to.equal('r1-hook');
    await waitUntil(() => titleField(h).value === 'Dark Roast Beans: Story', 'the toolbar shows the new title');
    // Another idea: named after that one.
    await choose(h, 1);
    expect(h.getProject().title).to.equal('Dark Roast Beans: Offer');
    // One undo restores the title and the script together.
    h.element.store.dispatch({ type: 'history/undo' });
    expect(h.getProject().title).to.equal('Dark Roast Beans: Story');
    expect(h.getProject().script.sections[0]!.id).to.equal('r1-hook');
    h.element.store.dispatch({ type: 'history/undo' });
    expect(h.getProject().title).to.equal('My first audio ad');
    expect(h.getProject().script.sections).to.deep.equal([]);
  });

  it('keeps a title the user typed', async () => {
    const h = await open();
    const field = titleField(h);
    field.focus();
    field.select();
    await sendKeys({ type: 'Holiday spot' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => h.getProject().title === 'Holiday spot', 'the title typed');
    await choose(h, 0);
    expect(h.getProject().script.sections[0]!.id).to.equal('r1-hook');
    expect(h.getProject().title).to.equal('Holiday spot');
  });
});
