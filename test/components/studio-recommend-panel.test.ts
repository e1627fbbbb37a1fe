import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import { DETACH_GRACE_MS } from '../../src/internal/linger.js';
import type { ServiceClient } from '../../src/api/client.js';
import type { Recommendation } from '../../src/api/contract.js';
import '../../src/components/studio-recommend-panel/studio-recommend-panel.js';
import type { StudioRecommendPanel } from '../../src/components/studio-recommend-panel/studio-recommend-panel.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

const recommendation = (id: string): Recommendation => ({
  recommendation_id: id,
  title: `Idea ${id}`,
  script: { sections: [{ id: `${id}-s`, label: 'Hook', text: 'Ride further.' }] },
  voice: { voice_id: 'v1', name: 'Ava', language: 'en-US' },
  music: { track_id: 't1', title: 'Sunrise', style: 'upbeat' },
  duration_s: 30,
});

async function mount(stubs: Partial<ServiceClient>) {
  const client = { pendingJobs: sinon.stub().resolves([]), pricing: sinon.stub().resolves(undefined), ...stubs };
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client as ServiceClient}>
    <studio-editor-recommend-panel></studio-editor-recommend-panel>
  </test-editor-context>`);
  const panel = context.querySelector('studio-editor-recommend-panel') as StudioRecommendPanel;
  await panel.updateComplete;
  return { context, panel };
}

function submit(panel: StudioRecommendPanel, url = 'https://shop.example.com/item') {
  const form = panel.shadowRoot!.querySelector('studio-editor-recommend-form')!;
  form.dispatchEvent(new CustomEvent('recommend-submit', { detail: { source: 'url', url, duration: 15, count: 2 }, bubbles: true }));
}

describe('<studio-editor-recommend-panel>', () => {
  afterEach(() => sinon.restore());

  it('sends the project id, duration and count, shows progress, then the cards', async () => {
    let report!: (progress: unknown) => void;
    let finish!: (value: unknown) => void;
    const recommendFromUrl = sinon.stub().callsFake((_request, options) => {
      report = options.onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const { context, panel } = await mount({ recommendFromUrl } as Partial<ServiceClient>);
    submit(panel);
    await panel.updateComplete;
    const request = recommendFromUrl.firstCall.args[0];
    expect(request).to.deep.equal({ project_id: 'new', duration: 15, max_recommendations: 2, url: 'https://shop.example.com/item' });
    // Asking for 15 s ideas leaves the open 30 s project as it is (issue 15).
    expect(context.store.getState().project.duration).to.equal(30);
    expect(context.store.getState().history.pastDepth).to.equal(0);
    report({ operation: 'recommendUrl', jobId: 'j', pollUrl: 'x', state: 'running', progress: 0.5, stage: 'writing scripts', poll: 1 });
    await panel.updateComplete;
    // The progress element is fetched when the panel's first job starts (not part of the first paint).
    await customElements.whenDefined('studio-editor-job-status');
    const status = panel.shadowRoot!.querySelector('studio-editor-job-status')!;
    await status.updateComplete;
    expect([status.state, status.progress, status.stage]).to.deep.equal(['running', 0.5, 'writing scripts']);
    finish({ recommendations: [recommendation('a'), recommendation('b')], usage: { credits_used: 3 } });
    await waitUntil(() => panel.shadowRoot!.querySelectorAll('studio-editor-recommendation-card').length === 2);
    expect(panel.shadowRoot!.querySelector('studio-editor-job-status')).to.equal(null);
    expect(context.store.getState().project.usage.map((entry) => entry.usage.credits_used)).to.deep.equal([3]);
    await expect(panel).to.be.accessible();
  });

  it('choosing an idea written for another length asks first, and the answer is one undo step', async () => {
    const short = { ...recommendation('s'), duration_s: 14.6 };
    const { context, panel } = await mount({ recommendFromUrl: sinon.stub().resolves({ recommendations: [short] }) } as Partial<ServiceClient>);
    submit(panel);
    await waitUntil(() => panel.shadowRoot!.querySelector('studio-editor-recommendation-card'));
    const card = () => panel.shadowRoot!.querySelector('studio-editor-recommendation-card')!;
    card().dispatchEvent(new CustomEvent('recommendation-choose', { detail: 's', bubbles: true }));
    await panel.updateComplete;
    // Nothing changed yet: the question is on screen, focused.
    expect(context.store.getState().project.recommendations.chosen).to.equal(null);
    const ask = panel.shadowRoot!.querySelector('[part="ask-length"]')!;
    expect(ask.textContent).to.include('is written for 15 s; your ad is 30 s long.');
    const buttons = [...ask.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent!.trim())).to.deep.equal(['Make the ad 15 s', 'Keep 30 s', 'Cancel']);
    expect(panel.shadowRoot!.activeElement).to.equal(buttons[0]);
    await expect(panel).to.be.accessible();
    buttons[0]!.click();
    await panel.updateComplete;
    const state = context.store.getState();
    expect([state.project.duration, state.project.recommendations.chosen, state.history.pastDepth]).to.deep.equal([15, 's', 1]);
    context.store.dispatch({ type: 'history/undo' });
    expect([context.store.getState().project.duration, context.store.getState().project.recommendations.chosen]).to.deep.equal([30, null]);
    // "Keep 30 s" chooses the idea and leaves the length.
    card().dispatchEvent(new CustomEvent('recommendation-choose', { detail: 's', bubbles: true }));
    await panel.updateComplete;
    [...panel.shadowRoot!.querySelectorAll('[part="ask-length"] button')][1]!.dispatchEvent(new MouseEvent('click'));
    expect([context.store.getState().project.duration, context.store.getState().project.recommendations.chosen]).to.deep.equal([30, 's']);
  });

  it('chooses a card as one undo step and says so', async () => {
    const { context, panel } = await mount({ recommendFromUrl: sinon.stub().resolves({ recommendations: [recommendation('a')] }) } as Partial<ServiceClient>);
    submit(panel);
    await waitUntil(() => panel.shadowRoot!.querySelector('studio-editor-recommendation-card'));
    const before = context.store.getState().history.pastDepth;
    panel.shadowRoot!.querySelector('studio-editor-recommendation-card')!.dispatchEvent(new CustomEvent('recommendation-choose', { detail: 'a', bubbles: true }));
    await panel.updateComplete;
    const state = context.store.getState();
    expect(state.project.recommendations.chosen).to.equal('a');
    expect(state.project.script.sections.map((section) => section.text)).to.deep.equal(['Ride further.']);
    expect(state.history.pastDepth).to.equal(before + 1);
    expect(panel.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('“Idea a” is now your script, voice and music. Undo to go back.');
  });

  it('puts a licensed voice and track in place of those the host did not license, says so, and Make the ad voices with them', async () => {
    const library = {
      voices: sinon.stub().resolves({ voices: [
        { voice_id: 'v9', name: 'Noor', language: 'ar-EG', gender: 'female', sample_url: '/s9', words_per_minute: 150 },
        { voice_id: 'v2', name: 'Bea', language: 'en-US', gender: 'female', sample_url: '/s2', words_per_minute: 150 },
        { voice_id: 'v1', name: 'Ava', language: 'en-US', sample_url: '/s1', words_per_minute: 150 },
      ] }),
      music: sinon.stub().resolves({ tracks: [{ track_id: 't2', title: 'Dusk', style: 'calm', url: '/t2', preview_url: '/p2' }, { track_id: 't3', title: 'Noon', style: 'upbeat', url: '/t3', preview_url: '/p3' }] }),
    };
    const generate = sinon.stub().rejects(new Error('generation must not be asked for'));
    const voiceover = sinon.stub().callsFake(async () => ({ asset: { asset_id: 'a', kind: 'voice', url: '/v1/assets/a', mime_type: 'audio/wav', duration_s: 1 } }));
    const { context, panel } = await mount({ recommendFromUrl: sinon.stub().resolves({ recommendations: [recommendation('a')] }), generate, voiceover, ...library } as Partial<ServiceClient>);
    panel.voiceIds = ['v9', 'v2'];
    panel.trackIds = ['t2', 't3'];
    submit(panel);
    await waitUntil(() => panel.shadowRoot!.querySelector('studio-editor-recommendation-card'));
    const idea = context.store.getState().project.recommendations.items[0]!;
    // The closest licensed ones: the same language, then the same style.
    expect([idea.voice.voice_id, idea.music.track_id]).to.deep.equal(['v2', 't3']);
    const card = panel.shadowRoot!.querySelector('studio-editor-recommendation-card')!;
    await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(card.shadowRoot!.querySelector('dl')!.textContent).to.contain('Bea · en-US · female · in place of Ava, which is not licensed');
    expect(card.shadowRoot!.querySelector('dl')!.textContent).to.contain('Noon · upbeat · in place of Sunrise, which is not licensed');
    expect(panel.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('1 recommendation came. It has focus. A voice or music you have not licensed was replaced in 1 of them.');
    card.dispatchEvent(new CustomEvent('recommendation-make', { detail: 'a', bubbles: true }));
    await waitUntil(() => context.store.getState().project.clips.length === 1, 'the ad made');
    expect(generate.callCount).to.equal(0);
    expect(voiceover.firstCall.args[0].voice_id).to.equal('v2');
    expect(context.store.getState().project.music!.track!.track_id).to.equal('t3');
    expect(context.store.getState().project.voice.voice).to.equal('v2');
  });

  it('keeps each card\'s actions in reach in one column, and at the card\'s end where the cards stand side by side', async () => {
    const { context, panel } = await mount({ recommendFromUrl: sinon.stub().resolves({ recommendations: [recommendation('a'), recommendation('b')] }) } as Partial<ServiceClient>);
    submit(panel);
    await waitUntil(() => panel.shadowRoot!.querySelectorAll('studio-editor-recommendation-card').length === 2);
    const position = () => getComputedStyle(panel.shadowRoot!.querySelector('studio-editor-recommendation-card')!.shadowRoot!.querySelector('[part=actions]')!).position;
    const widths: Record<string, string> = {};
    for (const width of [360, 900]) {
      context.style.display = 'block';
      context.style.width = `${width}px`;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      widths[width] = position();
    }
    expect(widths).to.deep.equal({ 360: 'sticky', 900: 'static' });
  });

  it('shows a failure where it happened, with the service message, and keeps the form', async () => {
    const failure = Object.assign(new Error('The service is busy: try again in a minute.'), { code: 'server-error' });
    const { panel } = await mount({ recommendFromUrl: sinon.stub().rejects(failure) } as Partial<ServiceClient>);
    submit(panel);
    await waitUntil(() => panel.shadowRoot!.querySelector('[role=alert]'));
    expect(panel.shadowRoot!.querySelector('[role=alert] [part=error-text]')!.textContent).to.equal(
      'The recommendation did not finish. The service had a problem. Try again in a moment; if it keeps happening, contact the site.',
    );
    expect(panel.shadowRoot!.querySelector('studio-editor-recommend-form')!.busy).to.equal(false);
  });

  it('cancels the job from the progress bar; an abort is not an error', async () => {
    let signal!: AbortSignal;
    const recommendFromUrl = sinon.stub().callsFake(
      (_request, options) =>
        new Promise((_resolve, reject) => {
          signal = options.signal;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const { panel } = await mount({ recommendFromUrl } as Partial<ServiceClient>);
    submit(panel);
    await panel.updateComplete;
    panel.shadowRoot!.querySelector('studio-editor-job-status')!.dispatchEvent(new CustomEvent('job-cancel', { bubbles: true }));
    await waitUntil(() => panel.shadowRoot!.querySelector('studio-editor-job-status') === null);
    expect(signal.aborted).to.equal(true);
    expect(panel.shadowRoot!.querySelector('[role=alert]')).to.equal(null);
    expect(panel.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Stopped. Your settings are kept; start again when you like.');
  });

  it('resumes the newest recommendation job still running for this project after a reload', async () => {
    const pendingJobs = sinon.stub().resolves([
      { userId: 'u', projectId: 'new', operation: 'recommendUrl', jobId: 'old', pollUrl: '/v1/jobs/old', startedAt: 1 },
      { userId: 'u', projectId: 'new', operation: 'voiceover', jobId: 'vo', pollUrl: '/v1/jobs/vo', startedAt: 3 },
      { userId: 'u', projectId: 'new', operation: 'recommendUrl', jobId: 'new', pollUrl: '/v1/jobs/new', startedAt: 2 },
    ]);
    const resumeJob = sinon.stub().resolves({ recommendations: [recommendation('r')] });
    const { panel } = await mount({ pendingJobs, resumeJob } as Partial<ServiceClient>);
    await waitUntil(() => panel.shadowRoot!.querySelectorAll('studio-editor-recommendation-card').length === 1);
    expect(pendingJobs.firstCall.args).to.deep.equal(['new']);
    expect(resumeJob.callCount).to.equal(1);
    expect(resumeJob.firstCall.args[0].jobId).to.equal('new');
  });

  it('keeps a running job through a move in the DOM, and aborts it once the panel is gone for good', async () => {
    let signal!: AbortSignal;
    const recommendFromUrl = sinon.stub().callsFake((_request, options) => ((signal = options.signal), new Promise(() => undefined)));
    const { context, panel } = await mount({ recommendFromUrl } as Partial<ServiceClient>);
    submit(panel);
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const parent = context.parentElement!;
    context.remove();
    parent.append(context);
    clock.tick(DETACH_GRACE_MS);
    expect(signal.aborted).to.equal(false);
    context.remove();
    clock.tick(DETACH_GRACE_MS - 1);
    expect(signal.aborted).to.equal(false);
    clock.tick(1);
    expect(signal.aborted).to.equal(true);
  });
});
