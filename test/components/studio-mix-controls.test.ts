import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/studio-mix-controls/studio-mix-controls.js';
import type { StudioMixControls } from '../../src/components/studio-mix-controls/studio-mix-controls.js';

describe('<studio-editor-mix-controls>', () => {
  it('labels every setting with its value in words', async () => {
    const element = await fixture<StudioMixControls>(html`<studio-editor-mix-controls></studio-editor-mix-controls>`);
    const rows = [...element.shadowRoot!.querySelectorAll('.slider')].map((row) => `${row.querySelector('label')!.textContent} = ${row.querySelector('output')!.textContent}`);
    expect(rows).to.deep.equal([
      'Voice level = 0.0 dB',
      'Music level = -6.0 dB',
      'Ducking depth = −12.0 dB',
      'Ducking attack = 120 ms',
      'Ducking release = 400 ms',
    ]);
    expect(element.shadowRoot!.querySelector('#duckReleaseMs')!.getAttribute('aria-valuetext')).to.equal('400 ms');
    await expect(element).to.be.accessible();
  });

  it('reports the field while dragging and on release, and shows the new value at once', async () => {
    const element = await fixture<StudioMixControls>(html`<studio-editor-mix-controls></studio-editor-mix-controls>`);
    const seen: unknown[] = [];
    element.addEventListener('mix-change', (event) => seen.push((event as CustomEvent).detail));
    element.shadowRoot!.querySelector<HTMLInputElement>('#duckDepthDb')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await element.updateComplete;
    expect(seen).to.deep.equal([
      { value: 12.5, final: false, field: 'duckDepthDb' },
      { value: 12.5, final: true, field: 'duckDepthDb' },
    ]);
    expect(element.shadowRoot!.querySelector('#duckDepthDb + output')!.textContent).to.equal('−12.5 dB');
  });
});
