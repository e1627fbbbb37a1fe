import { expect, fixture, html } from '@open-wc/testing';
import sinon from 'sinon';
import '../../src/components/studio-mix-panel/studio-mix-panel.js';
import type { StudioMixPanel } from '../../src/components/studio-mix-panel/studio-mix-panel.js';
import type { StudioMixControls } from '../../src/components/studio-mix-controls/studio-mix-controls.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

async function mount() {
  const context = await fixture<TestEditorContext>(html`<test-editor-context><studio-editor-mix-panel></studio-editor-mix-panel></test-editor-context>`);
  const panel = context.querySelector('studio-editor-mix-panel') as StudioMixPanel;
  await panel.updateComplete;
  const controls = () => panel.shadowRoot!.querySelector('studio-editor-mix-controls') as StudioMixControls;
  return { context, panel, controls };
}

describe('<studio-editor-mix-panel>', () => {
  afterEach(() => sinon.restore());

  it('shows project.mix in the controls', async () => {
    const { context, panel, controls } = await mount();
    context.store.dispatch({ type: 'mix/set', mix: { voiceLevel: 2, duckingDepth: 9 } });
    await panel.updateComplete;
    expect(controls().settings.voiceDb).to.equal(2);
    expect(controls().settings.duckDepthDb).to.equal(9);
    expect(controls().settings.musicDb).to.equal(context.store.getState().project.mix.musicLevel);
    await expect(panel).to.be.accessible();
  });

  it('writes every control to its field, each drag one undo step', async () => {
    const { context, controls } = await mount();
    const before = context.store.getState().history.pastDepth;
    const drag = (field: string, values: number[]) =>
      values.forEach((value, index) =>
        controls().dispatchEvent(new CustomEvent('mix-change', { detail: { field, value, final: index === values.length - 1 }, bubbles: true })),
      );
    drag('voiceDb', [1, 2, 3]);
    drag('musicDb', [-10, -12]);
    drag('duckDepthDb', [6, 8]);
    drag('duckAttackMs', [200, 250]);
    drag('duckReleaseMs', [500, 600]);
    const mix = context.store.getState().project.mix;
    expect([mix.voiceLevel, mix.musicLevel, mix.duckingDepth, mix.duckingAttackMs, mix.duckingReleaseMs]).to.deep.equal([3, -12, 8, 250, 600]);
    expect(context.store.getState().history.pastDepth - before).to.equal(5);
    context.store.dispatch({ type: 'history/undo' });
    expect(context.store.getState().project.mix.duckingReleaseMs).to.not.equal(600);
    expect(context.store.getState().project.mix.duckingAttackMs).to.equal(250);
  });

  it('moves a slider with the keyboard as one step', async () => {
    const { context, controls } = await mount();
    const input = controls().shadowRoot!.querySelector<HTMLInputElement>('#voiceDb')!;
    input.value = String(Number(input.value) + 0.5);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(context.store.getState().project.mix.voiceLevel).to.equal(Number(input.value));
    expect(context.store.getState().history.pastDepth).to.equal(1);
  });
});
