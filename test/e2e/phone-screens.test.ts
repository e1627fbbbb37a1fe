// A phone's Create, Script and Timeline views (issue 53): the editor at 390x844 on a touch screen, the ad made
// through the demo's flow on the emulator. The confirmation of the make has 44 px targets; no sticky action row
// covers a control of the Create view or a line of an idea once it is scrolled into view; while the Body is typed
// in, at the full height and with the view shrunk to what the on-screen keyboard leaves, nothing sticky covers the
// field where its caret is (elementFromPoint there finds the field).
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { StudioHandle } from '../../src/create.js';
import { deepQuery } from '../support/deep-query.js';
import { engine, skipIn } from '../support/engine.js';
import { askForIdeas, makeTheAd } from '../support/ideas.js';
import { editorOnEmulator, frame, leaveScreen, useScreen } from '../support/screen.js';
import { waitUntil } from '../support/wait.js';

/** The element drawn at a point, through every shadow root. */
function deepElementFromPoint(x: number, y: number): Element | null {
  let root: Document | ShadowRoot = document;
  let found: Element | null = null;
  for (;;) {
    const next: Element | null = root.elementFromPoint(x, y);
    if (next === null || next === found) return found;
    found = next;
    if (next.shadowRoot === null) return found;
    root = next.shadowRoot;
  }
}

describe('<studio-editor> on a phone: Create, Script and Timeline at 390x844 with a finger', function () {
  let handle: StudioHandle | undefined;
  const root = () => handle!.element.shadowRoot!;
  const part = (name: string) => root().querySelector<HTMLElement>(`[part="${name}"]`)!;

  before(async function () {
    if (!(await useScreen({ width: 390, height: 844, touch: true }))) skipIn(this, engine === 'firefox' ? 'firefox-pointer-at-launch' : 'touch-screen');
    handle = await editorOnEmulator('phone-screens', 780);
    makeTheAd(await askForIdeas(root()));
    await waitUntil(() => handle!.getProject().clips.length >= 3, 'the ad made', { timeout: 30_000 });
  });

  after(() => leaveScreen(handle));

  it("gives the make's confirmation, its Undo and its Dismiss, 44x44 px targets", async () => {
    const made = () => part('notices').shadowRoot!.querySelector<HTMLElement>('[data-kind="ad-made"]');
    await waitUntil(made, 'the confirmation of the make');
    const small = [...made()!.querySelectorAll('button')]
      .map((button) => ({ name: button.getAttribute('aria-label') ?? button.textContent!.trim(), box: button.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
      .map(({ name, box }) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`);
    expect(small, 'targets under 44 px').to.deep.equal([]);
    await executeServerCommand('studio-screenshot', { name: 'phone-screens-made' });
  });

  it("keeps the toolbar's compact meter, its true-peak button a finger's 44 px, inside its box", async () => {
    const meter = deepQuery(root(), 'studio-editor-level-meter') as HTMLElement;
    await waitUntil(() => meter.shadowRoot?.querySelector('button.row'), 'the meter drawn');
    const peak = meter.shadowRoot!.querySelector('button.row')!.getBoundingClientRect();
    expect(Math.round(peak.width), 'the true-peak button\'s width').to.be.at.least(44);
    // Within a pixel, as the layout matrix allows: scrollWidth rounds a fractional width up.
    expect(meter.scrollWidth, `the meter's content (${meter.scrollWidth} px) in its ${meter.clientWidth} px`).to.be.at.most(meter.clientWidth + 1);
  });

  it('covers no control of the Create view, nor the lines of an idea, with a sticky action row once scrolled into view', async () => {
    (part('workspace').shadowRoot!.querySelector<HTMLElement>('#view-create')!).click();
    const form = () => deepQuery(root(), 'studio-editor-recommend-form');
    await waitUntil(() => form()?.shadowRoot?.querySelector('input[name="duration"]'), 'the Create view');
    const card = deepQuery(root(), 'studio-editor-recommendation-card')!;
    // Each field and control of the form (the lengths' radios among them), and each line of the first idea (its voice, its music).
    const targets = [...form()!.shadowRoot!.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea, button'), ...card.shadowRoot!.querySelectorAll<HTMLElement>('dd')].filter((element) => element.getBoundingClientRect().height > 0);
    expect(targets.length, 'the controls and lines looked at').to.be.above(6);
    const covered: string[] = [];
    for (const target of targets) {
      // As a browser brings a focused field, or one scrolled to, into view: the least scroll that shows it.
      target.scrollIntoView({ block: 'nearest' });
      await frame();
      const box = target.getBoundingClientRect();
      const hit = deepElementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit === null || !(hit === target || target.contains(hit))) covered.push(`${target.localName}${target.id ? `#${target.id}` : ''} “${(target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 20)}” under ${hit?.localName}.${String(hit?.className)}`);
    }
    await executeServerCommand('studio-screenshot', { name: 'phone-screens-create' });
    expect(covered, 'controls and lines under something sticky').to.deep.equal([]);
  });

  it('never covers the Body being typed in where its caret is, the field at the foot of its view as when the browser keeps the caret in sight', async () => {
    (part('workspace').shadowRoot!.querySelector<HTMLElement>('#view-script')!).click();
    await waitUntil(() => deepQuery(root(), 'studio-editor-script-editor')?.shadowRoot?.querySelector('textarea'), 'the script');
    const editor = deepQuery(root(), 'studio-editor-script-editor')!;
    const body = editor.shadowRoot!.querySelectorAll<HTMLTextAreaElement>('textarea')[1]!;
    body.focus();
    body.setSelectionRange(body.value.length, body.value.length);
    for (const height of [844, 450]) {
      // 450: the on-screen keyboard up (the view about half as tall).
      await useScreen({ width: 390, height, touch: true });
      await frame();
      // The caret at the end of the text, on the field's last line: brought into view at the foot of the scroll
      // area, where a browser scrolls a caret moving down as the words are typed.
      body.scrollIntoView({ block: 'end' });
      await frame();
      await executeServerCommand('studio-screenshot', { name: `phone-screens-typing-${height}` });
      const box = body.getBoundingClientRect();
      const style = getComputedStyle(body);
      // The middle of the last line, inside the field's padding and border.
      const y = Math.min(box.bottom, innerHeight) - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth) - parseFloat(style.lineHeight) / 2;
      const hit = deepElementFromPoint(box.left + 12, y);
      expect(hit === body, `at ${height} px, the field at its caret (${Math.round(box.left + 12)}, ${Math.round(y)}), not ${hit?.localName}.${String(hit?.className)}`).to.equal(true);
    }
    await useScreen({ width: 390, height: 844, touch: true });
  });
});
