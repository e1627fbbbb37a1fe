import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/studio-toolbar/studio-toolbar.js';
import type { StudioToolbar } from '../../src/components/studio-toolbar/studio-toolbar.js';
import { formatClock } from '../../src/i18n/format.js';

const buttons = (toolbar: StudioToolbar) => [...toolbar.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role=toolbar] button')];
/** What a screen reader announces: the text without the aria-hidden glyphs. */
const names = (toolbar: StudioToolbar) =>
  buttons(toolbar).map((button) => {
    const copy = button.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('[aria-hidden=true]')) hidden.remove();
    return copy.textContent!.trim();
  });

describe('<studio-editor-toolbar>', () => {
  it('names every button and shows time and credits', async () => {
    const toolbar = await fixture<StudioToolbar>(
      html`<studio-editor-toolbar projectTitle="Spring" canUndo canPlay .time=${7.5} .duration=${30} .credits=${12} openInStudio></studio-editor-toolbar>`,
    );
    expect(names(toolbar)).to.deep.equal(['Undo', 'Redo', 'Play', 'Open in studio', 'Full screen', 'Export']);
    expect(toolbar.shadowRoot!.querySelector('.time')!.textContent).to.equal('0:07.5 of 0:30.0');
    expect(toolbar.shadowRoot!.querySelector('.credits')!.textContent).to.equal('12 credits used');
    await expect(toolbar).to.be.accessible();
  });

  it('emits the action of each button', async () => {
    const toolbar = await fixture<StudioToolbar>(html`<studio-editor-toolbar canUndo canRedo canPlay></studio-editor-toolbar>`);
    const seen: string[] = [];
    toolbar.addEventListener('toolbar-action', (event) => seen.push((event as CustomEvent<string>).detail));
    for (const button of buttons(toolbar)) button.click();
    expect(seen).to.deep.equal(['undo', 'redo', 'play-toggle', 'fullscreen', 'export']);
  });

  it('is one tab stop; arrows, Home and End move between enabled buttons', async () => {
    const toolbar = await fixture<StudioToolbar>(html`<studio-editor-toolbar canRedo canPlay></studio-editor-toolbar>`);
    await toolbar.updateComplete;
    expect(buttons(toolbar).map((button) => button.tabIndex)).to.deep.equal([-1, 0, -1, -1, -1]);
    buttons(toolbar)[1]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(toolbar.shadowRoot!.activeElement!.textContent).to.include('Play');
    await sendKeys({ press: 'End' });
    expect(toolbar.shadowRoot!.activeElement!.textContent).to.include('Export');
    await sendKeys({ press: 'ArrowRight' });
    expect(toolbar.shadowRoot!.activeElement!.textContent).to.include('Redo');
    await toolbar.updateComplete;
    expect(buttons(toolbar).filter((button) => button.tabIndex === 0).length).to.equal(1);
  });

  it('commits a new title on Enter and restores an empty one', async () => {
    const toolbar = await fixture<StudioToolbar>(html`<studio-editor-toolbar projectTitle="Spring"></studio-editor-toolbar>`);
    const input = toolbar.shadowRoot!.querySelector<HTMLInputElement>('[part=title]')!;
    input.focus();
    input.select();
    await sendKeys({ type: 'Summer sale' });
    const changed = oneEvent(toolbar, 'title-change');
    await sendKeys({ press: 'Enter' });
    expect((await changed).detail).to.equal('Summer sale');
    input.focus();
    input.select();
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Enter' });
    expect(input.value).to.equal('Spring');
  });

  it('shows Pause while playing', async () => {
    const toolbar = await fixture<StudioToolbar>(html`<studio-editor-toolbar canPlay playing></studio-editor-toolbar>`);
    expect(names(toolbar)[2]).to.equal('Pause');
  });
});

describe('formatClock', () => {
  const cases: Array<[number, boolean, string]> = [
    [0, false, '0:00'],
    [7.46, true, '0:07.5'],
    [65, false, '1:05'],
    [-3, false, '0:00'],
    [Number.NaN, false, '--:--'],
    [59.96, true, '1:00.0'],
  ];
  for (const [seconds, tenths, expected] of cases) {
    it(`${seconds}${tenths ? ' with tenths' : ''} -> ${expected}`, () => expect(formatClock('en', seconds, tenths)).to.equal(expected));
  }
  it('writes tenths with the decimal mark of the locale', () => {
    expect(formatClock('fr', 7.46, true)).to.equal('0:07,5');
    expect(formatClock('de-DE', 67.25, true)).to.equal('1:07,3');
  });
});
