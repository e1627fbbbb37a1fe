// Issue 38, what was made is shown, against the emulator: after "Make the ad" a visible status says what was
// made (sections, voice, bed, length) with Undo, the focus is on the made ad, and the card's button no longer
// invites a second paid click. Undo from the confirmation takes the whole make back.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import { speechEnd } from '../../src/rules/version.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deepQuery } from '../support/deep-query.js';

/** The tag names of the focus, from the editor's shadow root down. */
function focusChain(root: ShadowRoot): string[] {
  const chain: string[] = [];
  for (let at: Element | null = root.activeElement; at !== null; at = at.shadowRoot?.activeElement ?? null) chain.push(at.localName);
  return chain;
}

const words = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('What was made is shown (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  it('confirms the make where it shows, focuses the made ad, turns the button into Make again, and Undo takes it back', async function () {
    mountPoint('editor-made');
    const user = `made-${crypto.randomUUID().slice(0, 8)}`;
    handle = await create({
      target: '#editor-made',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { id: user, autosave: false, duration: 30 },
    });
    const h = handle;
    const root = h.element.shadowRoot!;
    const { recommendations } = await h.api!.recommendFromUrl({ project_id: user, url: 'https://acme-coffee.com/products/cold-brew-kit', duration: 30, max_recommendations: 2 });
    h.element.store.dispatch({ type: 'recommendations/received', recommendations });
    const idea = recommendations[0]!;
    const before = h.getProject();
    const card = () => deepQuery(root, 'studio-editor-recommendation-card')!;
    const makeButton = () => card().shadowRoot!.querySelector<HTMLButtonElement>('#make')!;
    await waitUntil(() => card()?.shadowRoot?.querySelector('#make-cost'), 'the card with its price');
    const credits = 5 + idea.script.sections.length;

    // Before: each button says what it does and what it costs.
    const describedBy = (button: HTMLButtonElement) => (button.getAttribute('aria-describedby') ?? '').split(' ').map((id) => words(card().shadowRoot!.getElementById(id))).join(' ');
    const useButton = [...card().shadowRoot!.querySelectorAll('button')].find((button) => words(button) === 'Use this')!;
    expect(describedBy(useButton)).to.match(/^Use this: puts the script, voice and music in the editor .*nothing is voiced yet\. Free\.$/);
    expect(describedBy(makeButton())).to.equal(`Make the ad: voices every section and lays the music under it, ready to play. Uses ${credits} credits.`);
    expect(words(makeButton())).to.equal('Make the ad');
    expect(makeButton().classList.contains('primary')).to.equal(true);

    makeButton().click();
    const notices = root.querySelector('studio-editor-notices')!;
    const made = () => notices.shadowRoot!.querySelector<HTMLElement>('[data-kind="ad-made"]');
    await waitUntil(made, 'the confirmation of the make', { timeout: 40_000 });
    const project = h.getProject();
    expect(project.clips.length).to.equal(idea.script.sections.length);

    // A visible status, in words: the sections voiced, the voice, the bed, the length.
    expect(made()!.getAttribute('role')).to.equal('status');
    const box = made()!.getBoundingClientRect();
    expect(box.width > 0 && box.height > 0, 'the confirmation has a size').to.equal(true);
    expect(made()!.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }), 'the confirmation is visible').to.equal(true);
    const text = words(made()!.querySelector('[part="message"]'));
    for (const section of idea.script.sections) expect(text).to.contain(section.label);
    expect(text).to.contain(project.voice.details!.name);
    expect(text).to.contain(`“${project.music!.track!.title}”`);
    expect(text).to.contain(`The voice ends at ${(Math.round(speechEnd(project) * 10) / 10).toFixed(1)} s of 30 s.`);
    // It covers no field: the notices sit in the flow, above the panels.
    for (const field of [root.querySelector('studio-editor-toolbar')!.shadowRoot!.querySelector<HTMLElement>('input')!]) {
      const rect = field.getBoundingClientRect();
      const over = notices.shadowRoot!.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      expect(over?.closest('[data-kind]') ?? null, 'nothing of the confirmation over the title field').to.equal(null);
    }

    // The focus is on the made ad: its first clip on the timeline.
    await waitUntil(() => focusChain(root).at(-1) === 'studio-editor-timeline-clip', () => `the focus on the made ad (now ${focusChain(root).join(' > ')})`, { timeout: 10_000 });
    expect(focusChain(root)).to.deep.equal(['studio-editor-timeline-panel', 'studio-editor-timeline', 'studio-editor-timeline-clip']);

    // The card no longer invites a second paid click.
    await waitUntil(() => words(makeButton()) === 'Make again', 'the button reads Make again');
    expect(makeButton().classList.contains('primary')).to.equal(false);
    expect(describedBy(makeButton())).to.contain(`Uses ${credits} credits`);

    // Axe stays clean with the confirmation and Make again, light and dark.
    await expect(h.element, 'light').to.be.accessible();
    h.element.theme = 'dark';
    await h.element.updateComplete;
    await expect(h.element, 'dark').to.be.accessible();

    // Undo from the confirmation: the project as before the make (the credits spent stay recorded).
    const undo = [...made()!.querySelectorAll<HTMLButtonElement>('[part="action"]')].find((button) => words(button) === 'Undo')!;
    undo.click();
    const after = h.getProject();
    expect(after.clips.length).to.equal(0);
    expect(after.title).to.equal(before.title);
    expect(after.recommendations.chosen).to.equal(before.recommendations.chosen);
    expect(JSON.stringify(after.script)).to.equal(JSON.stringify(before.script));
    expect(JSON.stringify(after.music)).to.equal(JSON.stringify(before.music));
    expect(h.element.store.getState().history.pastDepth).to.equal(0);
    expect(after.usage.some((entry) => entry.operation === 'generate')).to.equal(true);
    await waitUntil(() => made() === null, 'the confirmation goes with the make');
    await waitUntil(() => words(makeButton()) === 'Make the ad' && makeButton().classList.contains('primary'), 'the card offers Make the ad again');
  });
});
