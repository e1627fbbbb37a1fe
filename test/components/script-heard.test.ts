// A section edited since its take was voiced (issue 53): its old take still plays, so under its text the creator
// and the reviewer read the words heard now, and the new words marked "Not yet voiced", in a group named for it.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/studio-script-editor/studio-script-editor.js';
import type { StudioScriptEditor } from '../../src/components/studio-script-editor/studio-script-editor.js';

const sections = [
  { id: 'a', label: 'Hook', text: 'Spring is here.' },
  { id: 'b', label: 'Body', text: 'Summer is here, at <b>last</b>.' },
];

describe('<studio-editor-script-editor>: the words heard while a section is not yet voiced', () => {
  it('shows what the take says and marks the new words, only under a stale section', async () => {
    const heard = new Map([
      ['a', { heard: 'Spring is here.', now: 'Spring is here.' }],
      ['b', { heard: 'Spring is here.', now: 'Summer is here, at <b>last</b>.' }],
    ]);
    const element = await fixture<StudioScriptEditor>(html`<studio-editor-script-editor .sections=${sections} .stale=${new Set(['b'])} .heard=${heard}></studio-editor-script-editor>`);
    const root = element.shadowRoot!;
    expect(root.querySelectorAll('[part=heard]').length, 'only the stale section says what is heard').to.equal(1);
    const group = root.querySelector<HTMLElement>('#heard-b')!;
    expect(group.getAttribute('role')).to.equal('group');
    expect(group.getAttribute('aria-label')).to.equal('The words heard in Body');
    const [said, fresh] = [...group.querySelectorAll('p')].map((p) => p.textContent!.replace(/\s+/g, ' ').trim());
    expect(said).to.equal('Heard now: “Spring is here.”');
    expect(fresh).to.equal('Not yet voiced: Summer … at <b>last</b>.');
    expect([...group.querySelectorAll('mark')].map((mark) => mark.textContent)).to.deep.equal(['Summer', 'at <b>last</b>.']);
    expect(group.querySelector('b'), 'hostile text stays text').to.equal(null);
    expect(root.querySelector('#text-b')!.getAttribute('aria-describedby')).to.contain('heard-b');
    await expect(element).to.be.accessible();
    // Voiced again: nothing to say.
    element.stale = new Set();
    await element.updateComplete;
    expect(root.querySelector('[part=heard]')).to.equal(null);
  });
});
