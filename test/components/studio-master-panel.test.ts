import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { measureLoudness, type LoudnessMeasurement } from '../../src/audio/dsp/loudness.js';
import { checkCompliance } from '../../src/audio/dsp/presets.js';
import { DELIVERY_PRESETS } from '../../src/delivery/presets.js';
import '../../src/components/studio-master-panel/studio-master-panel.js';
import type { StudioMasterPanel } from '../../src/components/studio-master-panel/studio-master-panel.js';
import { formatLevelIn } from '../../src/i18n/format.js';

const formatLevel = (value: number, signed = false) => formatLevelIn('en', value, signed);
import { StudioError } from '../../src/errors.js';
import { FakePreview, previewState, type TestPreviewContext } from '../support/fake-preview.js';
import { sine } from '../support/wav.js';

const measurement = (over: Partial<LoudnessMeasurement> = {}): LoudnessMeasurement => ({
  integrated: -14.04,
  momentaryMax: -10.56,
  shortTermMax: -12.35,
  range: 4.21,
  samplePeak: -1.9,
  truePeak: -1.44,
  ...over,
});

async function mount(preview: FakePreview | undefined = new FakePreview()) {
  const context = await fixture<TestPreviewContext>(
    html`<test-preview-context .preview=${preview}><studio-editor-master-panel></studio-editor-master-panel></test-preview-context>`,
  );
  const panel = context.querySelector('studio-editor-master-panel') as StudioMasterPanel;
  await panel.updateComplete;
  const $ = <T extends Element = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
  const $$ = (selector: string) => [...panel.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
  const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
  return { context, panel, preview, store: context.store, $, $$, text };
}

describe('<studio-editor-master-panel>', () => {
  afterEach(() => sinon.restore());

  it('lists every preset with its numbers and its source, the project’s checked', async () => {
    const { panel, store, $, $$, text } = await mount();
    const radios = $$('input[name=preset]') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).to.deep.equal(Object.keys(DELIVERY_PRESETS));
    expect(radios.find((radio) => radio.checked)!.value).to.equal(store.getState().project.mastering.preset);
    expect(text('#numbers-streaming')).to.equal('-14.0 LUFS ±1.0 LU, true peak at most -1.0 dBTP');
    expect(text('#numbers-ebu-r128')).to.equal('-23.0 LUFS ±0.5 LU, true peak at most -1.0 dBTP, short-term at most -18.0 LUFS');
    expect(text('#numbers-atsc-a85')).to.equal('-24.0 LUFS ±2.0 LU, true peak at most -2.0 dBTP');
    const sources = $$('[part=source]');
    expect(sources.length).to.equal(6);
    expect(sources[3]!.textContent).to.include('EBU R 128');
    expect($('#preset-podcast')!.getAttribute('aria-describedby')).to.equal('numbers-podcast');
    await expect(panel).to.be.accessible();
  });

  it('chooses a preset with the keyboard, one undo step', async () => {
    const { panel, store, $ } = await mount();
    $<HTMLInputElement>('#preset-streaming')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await panel.updateComplete;
    expect(store.getState().project.mastering.preset).to.equal('podcast');
    expect(store.getState().project.mastering.target).to.equal(-16);
    expect(store.getState().history.pastDepth).to.equal(1);
  });

  it('opens a preset’s source from the keyboard', async () => {
    const { $$ } = await mount();
    const details = $$('[part=source]')[1] as HTMLDetailsElement;
    details.querySelector('summary')!.focus();
    await sendKeys({ press: 'Enter' });
    expect(details.open).to.equal(true);
  });

  it('shows the engine’s figures of the mix to 0.1, with the bar of integrated against the target', async () => {
    const sr = 48000;
    const tone = sine(3, sr, 1000, 0.25);
    const engine = measureLoudness([tone, tone], sr);
    const { panel, preview, $, text } = await mount();
    preview!.set({ measurement: engine, compliance: checkCompliance(engine, 'streaming') });
    await panel.updateComplete;
    const figure = (name: string) => text(`dd[data-figure=${name}]`);
    expect(figure('integrated')).to.equal(`${formatLevel(engine.integrated)} LUFS`);
    expect(figure('momentaryMax')).to.equal(`${formatLevel(engine.momentaryMax)} LUFS`);
    expect(figure('shortTermMax')).to.equal(`${formatLevel(engine.shortTermMax)} LUFS`);
    expect(figure('range')).to.equal(`${formatLevel(engine.range)} LU`);
    expect(figure('samplePeak')).to.equal(`${formatLevel(engine.samplePeak)} dBFS`);
    expect(figure('truePeak')).to.equal(`${formatLevel(engine.truePeak)} dBTP`);
    expect(Number(figure('integrated')!.split(' ')[0])).to.be.closeTo(engine.integrated, 0.05);
    const bar = $('[part=bar]')!;
    expect(bar.getAttribute('aria-hidden')).to.equal('true');
    expect(Number(bar.style.getPropertyValue('--_level'))).to.be.closeTo((engine.integrated + 50) / 50, 1e-9);
    expect(Number(bar.style.getPropertyValue('--_target'))).to.be.closeTo(36 / 50, 1e-9);
    await expect(panel).to.be.accessible();
  });

  it('shows -inf for silence', async () => {
    const silent = measureLoudness([new Float32Array(48000)], 48000);
    const { panel, preview, text } = await mount();
    preview!.set({ measurement: silent });
    await panel.updateComplete;
    expect(text('dd[data-figure=integrated]')).to.equal('-inf LUFS');
    expect(text('dd[data-figure=truePeak]')).to.equal('-inf dBTP');
  });

  it('shows each rule with its verdict in words, measured value and limit, and announces changes politely', async () => {
    const failing = measurement({ integrated: -20.96, truePeak: -0.42, shortTermMax: -16.2 });
    const { panel, preview, store, $, $$, text } = await mount();
    store.dispatch({ type: 'mastering/set-preset', preset: 'ebu-r128' });
    preview!.set({ measurement: failing, compliance: checkCompliance(failing, 'ebu-r128') });
    await panel.updateComplete;
    const rules = $$('[part=check]').map((li) => li.textContent!.replace(/\s+/g, ' ').trim());
    expect(rules).to.deep.equal([
      '✗ Fail Integrated loudness: -21.0 LUFS (required -23.5 to -22.5 LUFS)',
      '✗ Fail True peak: -0.4 dBTP (required at most -1.0 dBTP)',
      '✗ Fail Short-term loudness: -16.2 LUFS (required at most -18.0 LUFS)',
    ]);
    expect($('[part=verdict] [aria-hidden=true]')).to.not.equal(null);
    expect(text('[part=summary]')).to.equal('3 of 3 checks fail for Broadcast, EBU R 128.');
    expect($('[part=checks] [aria-live=polite] [part=summary]')).to.not.equal(null);
    const passing = measurement({ integrated: -23.1, truePeak: -1.5, shortTermMax: -19 });
    preview!.set({ measurement: passing, compliance: checkCompliance(passing, 'ebu-r128') });
    await panel.updateComplete;
    expect($$('[part=check]').map((li) => li.className)).to.deep.equal(['pass', 'pass', 'pass']);
    expect(text('[part=check]')).to.equal('✓ Pass Integrated loudness: -23.1 LUFS (required -23.5 to -22.5 LUFS)');
    expect(text('[part=summary]')).to.equal('All checks pass for Broadcast, EBU R 128.');
  });

  it('shows what mastering did when it is on', async () => {
    const { panel, preview, text } = await mount();
    preview!.set({ measurement: measurement(), mastering: { inputIntegrated: -22.04, gainDb: 8.06, limiterReductionDb: 1.24 } });
    await panel.updateComplete;
    const pairs = [...panel.shadowRoot!.querySelectorAll('[part=mastering] .figure')].map((row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('dd')!.textContent}`);
    expect(pairs).to.deep.equal(['Loudness before mastering: -22.0 LUFS', 'Gain: +8.1 dB', 'Limiter reduction: 1.2 dB']);
    expect(text('[part=mastering]')).to.not.equal(null);
  });

  it('bypasses mastering with the switch, and Apply turns it on for the chosen preset in one dispatch and one undo step', async () => {
    const { panel, store, $ } = await mount();
    const toggle = $<HTMLInputElement>('#enabled')!;
    expect(toggle.getAttribute('role')).to.equal('switch');
    expect($('[part=apply]')).to.equal(null);
    toggle.click();
    await panel.updateComplete;
    expect(store.getState().project.mastering.enabled).to.equal(false);
    expect($('#enabled-state')!.textContent).to.include('Bypassed');
    store.dispatch({ type: 'mastering/set-preset', preset: 'atsc-a85' });
    await panel.updateComplete;
    const depth = store.getState().history.pastDepth;
    const dispatch = sinon.spy(store, 'dispatch');
    $<HTMLButtonElement>('[part=apply]')!.click();
    await panel.updateComplete;
    expect(dispatch.callCount).to.equal(1);
    expect(dispatch.firstCall.args[0]).to.deep.equal({ type: 'mastering/set-enabled', enabled: true, preset: 'atsc-a85' });
    expect(store.getState().project.mastering).to.deep.equal({ enabled: true, preset: 'atsc-a85', target: -24, truePeak: -2 });
    expect(store.getState().history.pastDepth).to.equal(depth + 1);
    expect($('[part=apply]')).to.equal(null);
    expect(panel.shadowRoot!.textContent).to.include('Mastering is on for Broadcast, ATSC A/85.');
    store.dispatch({ type: 'history/undo' });
    expect(store.getState().project.mastering.enabled).to.equal(false);
  });

  it('explains instead of offering Apply when mastering is on and the checks still fail', async () => {
    const { panel, preview, $, text } = await mount();
    const loud = measurement({ integrated: -10 });
    preview!.set({ measurement: loud, compliance: checkCompliance(loud, 'streaming') });
    await panel.updateComplete;
    expect($('[part=apply]')).to.equal(null);
    expect(text('[part=message]')).to.include('too dynamic');
  });

  it('takes a custom target and true peak, and refuses values out of range with a message', async () => {
    const { panel, store, $ } = await mount();
    $<HTMLInputElement>('#preset-custom')!.click();
    await panel.updateComplete;
    const target = $<HTMLInputElement>('#target')!;
    const commit = async (input: HTMLInputElement, value: string) => {
      input.value = value;
      input.dispatchEvent(new Event('change'));
      await panel.updateComplete;
    };
    await commit(target, '-50');
    expect(target.getAttribute('aria-invalid')).to.equal('true');
    expect($('#target-error')!.textContent).to.equal('Enter a loudness from -40 to -5 LUFS, like -16.');
    expect(target.getAttribute('aria-describedby')).to.equal('target-error');
    // Custom started from its own numbers (-16), not the previous preset's (issue 15).
    expect(store.getState().project.mastering.target).to.equal(-16);
    await commit(target, '');
    expect($('#target-error')).to.not.equal(null);
    await commit(target, '-20.5');
    expect($('#target-error')).to.equal(null);
    expect(store.getState().project.mastering).to.deep.equal({ enabled: true, preset: 'custom', target: -20.5, truePeak: -1 });
    const peak = $<HTMLInputElement>('#truePeak')!;
    await commit(peak, '0.5');
    expect($('#truePeak-error')!.textContent).to.equal('Enter a true peak from -9 to 0 dBTP, like -1.');
    await commit(peak, '-2');
    expect(store.getState().project.mastering.truePeak).to.equal(-2);
    expect(text(panel, '#numbers-custom')).to.equal('-20.5 LUFS ±0.5 LU, true peak at most -2.0 dBTP');
    await expect(panel).to.be.accessible();
  });

  it('keeps the figures while the mix is measured again, marked as updating', async () => {
    const { panel, preview, $, text } = await mount();
    preview!.set({ measurement: measurement() });
    await panel.updateComplete;
    expect($('[part=meter]')!.getAttribute('aria-busy')).to.equal('false');
    preview!.set({ status: 'rendering', stage: 'mix' });
    await panel.updateComplete;
    expect($('[part=meter]')!.getAttribute('aria-busy')).to.equal('true');
    expect(text('[part=updating]')).to.equal('Updating: the figures below are from the previous mix.');
    expect(text('dd[data-figure=integrated]')).to.equal('-14.0 LUFS');
    await expect(panel).to.be.accessible();
  });

  it('says what to do when there is nothing to measure, and shows an error in place', async () => {
    const { panel, preview, $, text } = await mount(new FakePreview(previewState({ status: 'empty' })));
    expect(text('[part=message]')).to.equal('Nothing to measure yet: add a voice-over or a music bed and the mix is measured here.');
    expect($('[part=meter]')).to.equal(null);
    preview!.set({ status: 'error', error: new StudioError('decode-failed', 'The voice clip could not be decoded.') });
    await panel.updateComplete;
    const alert = $('[role=alert]')!;
    expect(alert.textContent).to.equal('The mix could not be measured; your project is unchanged. A sound in this project could not be read. Reload the audio or choose another file.');
    await expect(panel).to.be.accessible();
  });

  it('subscribes to the preview while connected and releases it when removed', async () => {
    const { panel, preview } = await mount();
    expect(preview!.listenerCount).to.equal(1);
    panel.remove();
    expect(preview!.listenerCount).to.equal(0);
  });

  it('shows the Custom target\'s own numbers, and choosing Custom starts from them (issue 15)', async () => {
    const { panel, store, text, $ } = await mount();
    store.dispatch({ type: 'mastering/set-enabled', enabled: true, preset: 'streaming' });
    await panel.updateComplete;
    const shown = text('#numbers-custom');
    expect(shown).to.equal(text('#numbers-custom'));
    expect(shown).to.include('-16');
    expect(shown).to.not.equal(text('#numbers-streaming'));
    $<HTMLInputElement>('#preset-custom')!.click();
    await panel.updateComplete;
    const { preset, target, truePeak } = store.getState().project.mastering;
    expect([preset, target, truePeak]).to.deep.equal(['custom', -16, -1]);
    expect(text('#numbers-custom')).to.equal(shown);
    store.dispatch({ type: 'mastering/set-target', target: -20 });
    $<HTMLInputElement>('#preset-broadcast-eu')?.click();
    $<HTMLInputElement>('#preset-streaming')!.click();
    await panel.updateComplete;
    expect(store.getState().project.mastering.target).to.equal(-14);
    expect(text('#numbers-custom')).to.include('-20');
    $<HTMLInputElement>('#preset-custom')!.click();
    await panel.updateComplete;
    expect(store.getState().project.mastering.target).to.equal(-20);
  });
});

function text(panel: StudioMasterPanel, selector: string): string | null {
  return panel.shadowRoot!.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? null;
}
