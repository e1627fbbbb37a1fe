// The script editor marks the words that have a pronunciation entry: a highlight behind the text, and the
// entries under it as the field's description (a tooltip on each).
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/studio-script-editor/studio-script-editor.js';
import type { StudioScriptEditor } from '../../src/components/studio-script-editor/studio-script-editor.js';
import { de } from '../../src/i18n/de.js';
import { createTranslator, type Translate } from '../../src/i18n/translate.js';

const entries = [
  { text: 'acme-coffee.com', say: 'acme coffee dot com' },
  { text: 'Acme', say: 'ack-mee' },
  { text: '<b>', say: 'bold' },
];

async function mount(text: string) {
  const editor = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor .sections=${[{ id: 's1', label: 'Hook', text }, { id: 's2', label: 'Offer', text: 'Ten percent off.' }]} .pronunciations=${entries}></studio-editor-script-editor>`);
  const section = (index: number) => editor.shadowRoot!.querySelectorAll('[part=section]')[index]!;
  return { editor, section };
}

describe('<studio-editor-script-editor>: pronunciation marks', () => {
  it('marks each match behind the text, the longest winning, and leaves other sections plain', async () => {
    const { section } = await mount('Acme! Order at acme-coffee.com.');
    expect([...section(0).querySelectorAll('.marks mark')].map((mark) => mark.textContent)).to.deep.equal(['Acme', 'acme-coffee.com']);
    expect(section(0).querySelector('.marks')!.textContent).to.equal('Acme! Order at acme-coffee.com.');
    expect(section(0).querySelector('.marks')!.getAttribute('aria-hidden')).to.equal('true');
    expect(section(1).querySelector('.marks')).to.equal(null);
    expect(section(1).querySelector('textarea')!.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('describes the entries to screen readers and in a tooltip', async () => {
    const { section } = await mount('Acme! Order at acme-coffee.com, from Acme.');
    const area = section(0).querySelector('textarea')!;
    const said = section(0).querySelector(`#${area.getAttribute('aria-describedby')}`)!;
    expect(said.querySelector('.visually-hidden')!.textContent).to.equal('Said differently in this section: “Acme” as “ack-mee”, “acme-coffee.com” as “acme coffee dot com”.');
    expect([...said.querySelectorAll('.chip')].map((chip) => chip.getAttribute('title'))).to.deep.equal(['Say “Acme” as “ack-mee”', 'Say “acme-coffee.com” as “acme coffee dot com”']);
  });

  it('follows typing and the list, and keeps hostile text as text', async () => {
    const { editor, section } = await mount('Plain.');
    expect(section(0).querySelector('mark')).to.equal(null);
    editor.sections = [{ id: 's1', label: 'Hook', text: 'Use <b> for Acme' }];
    await editor.updateComplete;
    expect([...section(0).querySelectorAll('mark')].map((mark) => mark.textContent)).to.deep.equal(['<b>', 'Acme']);
    expect(section(0).querySelector('.marks b')).to.equal(null);
    editor.pronunciations = [];
    await editor.updateComplete;
    expect(section(0).querySelector('mark')).to.equal(null);
  });

  it('speaks German, and is accessible', async () => {
    const { editor, section } = await mount('Acme.');
    (editor as unknown as { t: Translate }).t = createTranslator('de', de);
    editor.requestUpdate();
    await editor.updateComplete;
    expect(section(0).querySelector('.said .visually-hidden')!.textContent).to.equal('In diesem Abschnitt anders gesprochen: „Acme“ als „ack-mee“.');
    await expect(editor).to.be.accessible();
  });
});
