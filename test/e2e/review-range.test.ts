// Comments on a span of the ad (issue 42), in a producer's editor on the emulator, at 1280 and 390 px: a span
// selected by a drag across the timeline's ruler, commented on through its "Comment on" button (the Review step's
// form opens on it); words selected in the creator's own (editable) script, commented on with the words quoted
// over where they are estimated to be heard. Axe on the new controls, screenshots of both at each width.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioReviewPanel } from '../../src/components/studio-review-panel/studio-review-panel.js';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import { create, type StudioHandle } from '../../src/create.js';
import { formatClock } from '../../src/i18n/format.js';
import { sectionRange, wordsRange } from '../../src/script/word-range.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deepQuery } from '../support/deep-query.js';
import { makeAdOnEmulator } from '../support/made-ad.js';
import { viewportWidth } from '../support/engine.js';

const DANA = { id: 'u-dana', name: 'Dana Client', role: 'client' };
const span = (start: number, end: number) => `${formatClock('en', start, true)}–${formatClock('en', end, true)}`;

describe('Comments on a span and on the creator\'s words (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(async () => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
    await resetMouse();
    await setViewport({ width: 1280, height: 800 });
  });

  async function made(width: number): Promise<StudioHandle> {
    await setViewport({ width, height: 900 });
    mountPoint('editor-review-range');
    const projectUser = `review-range-${crypto.randomUUID().slice(0, 8)}`;
    handle = await create({
      target: '#editor-review-range',
      auth: { userId: projectUser, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { id: projectUser, autosave: false, duration: 30 },
      layout: { height: '860px' },
      review: { user: DANA },
    });
    await makeAdOnEmulator(handle, projectUser);
    await import('../../src/model/review.js');
    return handle;
  }

  const panels = (h: StudioHandle) => h.element.shadowRoot!.querySelector('studio-editor-panels')!;

  /** Shows step or view `id`: its tab, or on a phone its view in the bottom bar. */
  async function show(h: StudioHandle, id: string): Promise<void> {
    const root = panels(h).shadowRoot!;
    await waitUntil(() => root.querySelector(`#tab-${id}, #view-${id}`) != null, `the ${id} step`);
    (root.querySelector<HTMLButtonElement>(`#view-${id}:not([hidden])`) ?? root.querySelector<HTMLButtonElement>(`#tab-${id}`))!.click();
    await h.element.updateComplete;
  }

  /** The Review step's form, focused, and what it says it comments on. */
  async function reviewForm(h: StudioHandle): Promise<{ panel: StudioReviewPanel; draft: HTMLTextAreaElement; label: string }> {
    await customElements.whenDefined('studio-editor-review-panel');
    const panel = h.element.shadowRoot!.querySelector('studio-editor-review-panel')!;
    await waitUntil(() => panel.shadowRoot!.activeElement?.id === 'review-draft', 'the Review step\'s form, focused');
    return { panel, draft: panel.shadowRoot!.querySelector<HTMLTextAreaElement>('#review-draft')!, label: panel.shadowRoot!.querySelector('[part=composer] label')!.textContent! };
  }

  async function send(panel: StudioReviewPanel, draft: HTMLTextAreaElement, words: string): Promise<void> {
    draft.value = words;
    draft.dispatchEvent(new Event('input'));
    await panel.updateComplete;
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[part=composer] button[type=submit]')!.click();
    await panel.updateComplete;
  }

  for (const width of [1280, viewportWidth(390)]) {
    it(`at ${width} px: a span dragged across the ruler, commented on through "Comment on"; words of the creator's script, quoted (screenshots)`, async function () {
      const h = await made(width);
      // On a phone the timeline is a view of its own.
      if (panels(h).shadowRoot!.querySelector('#view-timeline:not([hidden])') !== null) await show(h, 'timeline');
      await waitUntil(() => deepQuery(h.element.shadowRoot!, 'studio-editor-timeline') !== null, 'the timeline');
      const timeline = deepQuery(h.element.shadowRoot!, 'studio-editor-timeline') as StudioTimeline;
      await waitUntil(() => timeline.getBoundingClientRect().width > 0, 'the timeline shown');
      timeline.scrollIntoView({ block: 'center' });
      await timeline.updateComplete;
      // Until the layout settles (the made ad's notice, the zoom's fit): the ruler where it stays, at the zoom it keeps.
      let previous = '';
      await waitUntil(() => {
        const box = timeline.shadowRoot!.querySelector('.ruler')!.getBoundingClientRect();
        const now = `${box.left},${box.top},${timeline.zoom}`;
        const settled = now === previous && box.top > 0 && box.bottom < innerHeight;
        previous = now;
        return settled;
      }, 'the timeline settled', { interval: 250, timeout: 10_000 });

      // A drag across the ruler from 3 s to 8 s (at the timeline's zoom; the mouse lands on whole pixels).
      const ruler = timeline.shadowRoot!.querySelector('.ruler')!.getBoundingClientRect();
      const y = Math.round(ruler.top + ruler.height / 2);
      const x = (seconds: number) => Math.round(ruler.left + seconds * timeline.zoom);
      await sendMouse({ type: 'move', position: [x(3), y] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [x(5), y] });
      await sendMouse({ type: 'move', position: [x(8), y] });
      await sendMouse({ type: 'up' });
      await timeline.updateComplete;
      const range = timeline.selectedRange!;
      expect(range.start, 'from 3 s').to.be.closeTo(3, 1.5 / timeline.zoom);
      expect(range.end, 'to 8 s').to.be.closeTo(8, 1.5 / timeline.zoom);
      const bar = timeline.shadowRoot!.querySelector<HTMLElement>('[part=range-bar]')!;
      expect(bar.textContent!.replace(/\s+/g, ' ').trim()).to.include(`Selected ${span(range.start, range.end)}`);
      const band = timeline.shadowRoot!.querySelector<HTMLElement>('[part=range]')!.getBoundingClientRect();
      expect(band.width, 'the band, 5 s wide').to.be.closeTo(5 * timeline.zoom, 2);
      expect(timeline.shadowRoot!.querySelector('[role=status]')!.textContent).to.include(`Selected ${span(range.start, range.end)}.`);
      expect(timeline.scrollWidth, 'the bar fits').to.be.at.most(timeline.clientWidth + 1);
      await expect(bar).to.be.accessible();
      await executeServerCommand('studio-screenshot', { name: `review-range-${width}` });

      // "Comment on 0:03.0–0:08.0": the Review step's form opens on the span; sent, the comment has it.
      const comment = bar.querySelector<HTMLButtonElement>('.range-comment')!;
      expect(comment.textContent).to.equal(`Comment on ${span(range.start, range.end)}`);
      comment.click();
      const form = await reviewForm(h);
      expect(form.label).to.equal(`Comment at ${span(range.start, range.end)}`);
      await send(form.panel, form.draft, 'The music is too loud here');
      const [made1] = h.getProject().review.comments;
      expect([made1!.anchor.start, made1!.anchor.end]).to.deep.equal([range.start, range.end]);
      // Its marker on the ruler, styled by the host page through the part <studio-editor> exports.
      await waitUntil(() => timeline.shadowRoot!.querySelector('[part=comment-marker]') !== null, 'the comment\'s marker');
      const style = document.createElement('style');
      style.textContent = `#editor-review-range ${h.element.localName}::part(comment-marker) { outline: 3px solid rgb(1, 2, 3); }`;
      document.head.append(style);
      try {
        expect(getComputedStyle(timeline.shadowRoot!.querySelector('[part=comment-marker]')!).outlineColor, '::part(comment-marker)').to.equal('rgb(1, 2, 3)');
      } finally {
        style.remove();
      }

      // The creator's own script: words selected in a voiced section, "Comment on these words".
      await show(h, 'script');
      await customElements.whenDefined('studio-editor-script-panel');
      const script = h.element.shadowRoot!.querySelector('studio-editor-script-panel')!;
      await waitUntil(() => script.shadowRoot!.querySelector('studio-editor-script-editor') !== null, 'the script editor');
      const editor = script.shadowRoot!.querySelector('studio-editor-script-editor')!;
      await editor.updateComplete;
      const section = h.getProject().script.sections.find((item) => h.getProject().clips.some((clip) => clip.sectionId === item.id) && item.text.split(' ').length > 6)!;
      const field = editor.shadowRoot!.querySelector<HTMLTextAreaElement>(`#text-${section.id}`)!;
      expect(field.readOnly, 'the creator\'s field is editable').to.equal(false);
      const words = field.value.split(' ');
      const from = words.slice(0, 3).join(' ').length + 1;
      const to = from + words.slice(3, 5).join(' ').length;
      field.focus();
      field.setSelectionRange(from, to);
      const button = editor.shadowRoot!.querySelector<HTMLButtonElement>(`[part=comment-words][data-section="${section.id}"]`)!;
      expect(button.textContent).to.equal('Comment on these words');
      button.scrollIntoView({ block: 'center' });
      await expect(button).to.be.accessible();
      await executeServerCommand('studio-screenshot', { name: `review-words-${width}` });
      button.click();
      const words2 = await reviewForm(h);
      const quoted = field.value.slice(from, to);
      expect(words2.draft.value).to.equal(`“${quoted}” `);
      const estimated = wordsRange(h.getProject(), section.id, field.value, from, to)!;
      // The emulator's take carries its words' times: the span is theirs, not a share of the section by length.
      const whole = sectionRange(h.getProject(), section.id)!;
      expect(estimated.estimated, 'timed by the take\'s words').to.equal(false);
      expect(estimated.start > whole.start && estimated.end < whole.end, 'narrowed to the words').to.equal(true);
      expect(words2.label).to.equal(`Comment at ${span(estimated.start, estimated.end)}`);
      await send(words2.panel, words2.draft, `${words2.draft.value}sounds rushed`);
      const made2 = h.getProject().review.comments.at(-1)!;
      expect(made2.body).to.equal(`“${quoted}” sounds rushed`);
      expect([made2.anchor.start, made2.anchor.end]).to.deep.equal([estimated.start, estimated.end]);
      await expect(words2.panel).to.be.accessible();
      await executeServerCommand('studio-screenshot', { name: `review-words-sent-${width}` });
    });
  }
});
