// The review's UI (issue 42) against the emulator, on an ad made as a producer makes it: a comment made in the
// Review step at 12.5–14 s on a clip follows the clip when the creator moves it by 2 s (in the list and on the
// ruler), and trimming the clip away orphans it, still listed apart; an approval, then a creator's change,
// shows stale in the decisions and the versions bar; the comment list and the decision form are axe clean;
// screenshots at 390 and 1280 px.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import type { MixPreviewSource } from '../../src/audio/preview-state.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioTimeline } from '../../src/components/studio-timeline/studio-timeline.js';
import type { StudioReviewPanel } from '../../src/components/studio-review-panel/studio-review-panel.js';
import { create, type StudioHandle } from '../../src/create.js';
import { formatClock } from '../../src/i18n/format.js';
import { clipLength } from '../../src/model/clip-layout.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deepAll, deepQuery } from '../support/deep-query.js';
import { makeAdOnEmulator } from '../support/made-ad.js';
import { viewportWidth } from '../support/engine.js';

const DANA = { id: 'u-dana', name: 'Dana Client', role: 'client' };

describe('Review (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(async () => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
    await setViewport({ width: 1280, height: 800 });
  });

  async function made(width: number, user: typeof DANA | null = DANA): Promise<StudioHandle> {
    await setViewport({ width, height: 900 });
    mountPoint('editor-review-ui');
    const projectUser = `review-${crypto.randomUUID().slice(0, 8)}`;
    handle = await create({
      target: '#editor-review-ui',
      auth: { userId: projectUser, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { id: projectUser, autosave: false, duration: 30 },
      layout: { height: '860px' },
      ...(user === null ? {} : { review: { user } }),
    });
    await makeAdOnEmulator(handle, projectUser);
    await import('../../src/model/review.js');
    return handle;
  }

  /** Opens the Review step (its tab, or on a phone its view) and waits for its panel. */
  async function openReview(h: StudioHandle): Promise<StudioReviewPanel> {
    const panels = h.element.shadowRoot!.querySelector('studio-editor-panels')!;
    await waitUntil(() => panels.shadowRoot?.querySelector<HTMLButtonElement>('#tab-review, #view-review') != null, 'the Review tab');
    const tab = panels.shadowRoot!.querySelector<HTMLButtonElement>('#view-review:not([hidden])') ?? panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-review')!;
    tab.click();
    await customElements.whenDefined('studio-editor-review-panel');
    const panel = h.element.shadowRoot!.querySelector('studio-editor-review-panel')!;
    await panel.updateComplete;
    return panel;
  }

  /** The comment markers on the ruler: where each starts (seconds, from its left at the timeline's zoom) and its name. */
  const markers = (h: StudioHandle) => {
    const timeline = deepQuery(h.element.shadowRoot!, 'studio-editor-timeline') as StudioTimeline | null;
    if (timeline === null) return [];
    return [...timeline.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=comment-marker]')].map((button) => ({ button, start: parseFloat(button.style.left) / timeline.zoom, name: button.getAttribute('aria-label') ?? '' }));
  };

  const texts = (panel: StudioReviewPanel, selector: string) => [...panel.shadowRoot!.querySelectorAll(selector)].map((element) => element.textContent!.replace(/\s+/g, ' ').trim());

  it('a comment at 12.5–14 s follows its clip moved by 2 s, in the list and on the ruler; trimmed away it is orphaned and still listed; approving then a change marks the approval stale', async function () {
    const h = await made(1280);
    const panel = await openReview(h);
    const { store } = h.element;
    const project = h.getProject();
    const clip = project.clips.find((item) => item.start <= 12.5 && 12.5 < item.start + (clipLength(project, item) ?? 0));
    expect(clip, 'a clip is heard at 12.5 s').to.not.equal(undefined);

    // The comment, made in the step's form.
    await panel.composeAt(12.5, 14);
    const draft = panel.shadowRoot!.querySelector<HTMLTextAreaElement>('#review-draft')!;
    expect(panel.shadowRoot!.activeElement, 'the form has the focus').to.equal(draft);
    draft.value = 'Too fast here';
    draft.dispatchEvent(new Event('input'));
    await panel.updateComplete;
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[part=composer] button[type=submit]')!.click();
    await panel.updateComplete;
    const [comment] = h.getProject().review.comments;
    expect(comment!.body).to.equal('Too fast here');
    expect(comment!.author).to.deep.equal(DANA);
    expect(comment!.anchor.clip?.id).to.equal(clip!.id);
    expect(texts(panel, '[part~=range]')).to.deep.equal(['0:12.5–0:14.0']);
    expect(texts(panel, '[part~=comment] .body')).to.deep.equal(['Too fast here']);
    const time = panel.shadowRoot!.querySelector('[part~=comment] time')!;
    expect(time.getAttribute('title'), 'the exact time').to.match(/\d/);

    await waitUntil(() => markers(h).length === 1, 'a marker on the ruler');
    expect(markers(h)[0]!.start).to.be.closeTo(12.5, 0.01);
    expect(markers(h)[0]!.name).to.equal('Comment at 0:12.5–0:14.0: Too fast here');

    // The creator moves the clip 2 s later: the comment follows, in the list and on the ruler. The preview says
    // `ready` until its render of the move starts (after a short delay): only a `ready` after a `rendering` is
    // the moved clip's mix.
    const preview = (h.element as unknown as { preview: MixPreviewSource }).preview;
    await waitUntil(() => preview.getState().status === 'ready', () => `the preview rendered before the move (now ${preview.getState().status})`, { timeout: 40_000 });
    let renderStarted = false;
    let rendered = false;
    const offRender = preview.subscribe(({ status }) => {
      if (status === 'rendering') renderStarted = true;
      else if (status === 'ready' && renderStarted) rendered = true;
    });
    store.dispatch({ type: 'clip/move', id: clip!.id, start: clip!.start + 2 });
    await panel.updateComplete;
    expect(texts(panel, '[part~=range]')).to.deep.equal(['0:14.5–0:16.0']);
    await waitUntil(() => Math.abs((markers(h)[0]?.start ?? 0) - 14.5) < 0.01, 'the marker moved 2 s');

    // Clicking the marker, or the thread's range, plays from the comment's start.
    await waitUntil(() => rendered, () => `the preview rendered the moved clip (now ${preview.getState().status})`, { timeout: 40_000 });
    offRender();
    // Playing (not only sought there: the play starts once its context runs and the audio of the moved clip's mix
    // is ready to stream, which takes Firefox seconds on a busy machine), from the comment's start.
    const PLAY_STARTS = { timeout: 20_000 };
    // What a timeout names: the playhead, the transport and the preview's render.
    const where = () => {
      const { transport, status, stage } = preview.getState();
      return `at ${preview.currentTime}, ${transport}; the preview ${status}${stage === null ? '' : ` (${stage})`}`;
    };
    // Where a play starts: the playhead read as the transport says `playing` (its listeners run in that task), not
    // by polling for a playhead within a second of it, which a busy page can miss (WebKit beside 6 busy processes:
    // the wait gave up with the playhead at the end, 30 s, stopped).
    const playFrom = async (click: () => void, what: string): Promise<void> => {
      let from: number | undefined;
      const off = preview.subscribe(({ transport }) => {
        if (transport !== 'playing' || from !== undefined) return;
        from = preview.currentTime;
      });
      click();
      try {
        await waitUntil(() => from !== undefined, () => `${what}: the play starts (${where()})`, PLAY_STARTS);
      } finally {
        off();
      }
      expect(from, `${what}: the play starts at the comment's start`).to.be.within(14.5 - 0.01, 14.5 + 1);
    };
    await playFrom(() => markers(h)[0]!.button.click(), 'the marker');
    preview.pause();
    preview.seek(0);
    await playFrom(() => panel.shadowRoot!.querySelector<HTMLButtonElement>('[part~=range]')!.click(), 'the list');
    preview.pause();

    // Trimmed so that 12.5 s of the take is no longer heard: orphaned, listed apart, kept.
    const offset = comment!.anchor.clip!.offset;
    const length = clipLength(h.getProject(), h.getProject().clips.find((item) => item.id === clip!.id)!)!;
    store.dispatch({ type: 'clip/trim', id: clip!.id, trimOut: clip!.trimOut + (clip!.trimIn + length - offset) + 0.1 });
    await panel.updateComplete;
    expect(panel.shadowRoot!.querySelector('#review-orphaned'), 'the orphaned heading').to.not.equal(null);
    expect(texts(panel, '[part~=comment] .body')).to.deep.equal(['Too fast here']);
    await waitUntil(() => markers(h).length === 0, 'no marker for an orphaned comment');
    store.dispatch({ type: 'history/undo' });
    store.dispatch({ type: 'history/undo' });
    await panel.updateComplete;
    expect(panel.shadowRoot!.querySelector('#review-orphaned'), 'undone: back').to.equal(null);
    await expect(panel.shadowRoot!.querySelector('[part=threads]')).to.be.accessible();

    // The decision: "Changes required" needs a note; "Approved" is recorded fresh, then stale after a change.
    const radio = (label: string) => panel.shadowRoot!.querySelector<HTMLInputElement>(`input[name=review-label][value=${label}]`)!;
    const submit = () => panel.shadowRoot!.querySelector<HTMLButtonElement>('[part=decision-form] button[type=submit]')!;
    radio('changes-required').click();
    await panel.updateComplete;
    submit().click();
    await panel.updateComplete;
    expect(panel.shadowRoot!.querySelector('#review-note-error')?.textContent).to.match(/note/);
    expect(panel.shadowRoot!.querySelector('#review-note')!.getAttribute('aria-invalid')).to.equal('true');
    expect(h.getProject().review.decisions).to.have.length(0);
    await expect(panel.shadowRoot!.querySelector('[part=decision-form]')).to.be.accessible();
    radio('approved').click();
    await panel.updateComplete;
    submit().click();
    await panel.updateComplete;
    expect(h.getProject().review.decisions.map((decision) => decision.label)).to.deep.equal(['approved']);
    expect(texts(panel, '[part~=decision]')[0]).to.include('Approved').and.include('On this mix');
    await customElements.whenDefined('studio-editor-versions');
    const bar = h.element.shadowRoot!.querySelector('studio-editor-versions')!;
    const barText = () => (bar.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ');
    await waitUntil(() => barText().includes('Approved'), () => `the versions bar says approved (${barText()})`);

    store.dispatch({ type: 'clip/gain', id: clip!.id, gain: clip!.gain - 3 });
    await panel.updateComplete;
    expect(texts(panel, '[part~=decision]')[0]).to.include('Made on an earlier mix');
    await waitUntil(() => /approval stale/i.test(barText()), () => `the versions bar says stale (${barText()})`);
    await executeServerCommand('studio-screenshot', { name: 'review-1280' });

    // C on the timeline, at the playhead: the Review step's form opens there, with the focus.
    preview.seek(3);
    const timeline = deepQuery(h.element.shadowRoot!, 'studio-editor-timeline') as StudioTimeline;
    timeline.shadowRoot!.querySelector<HTMLElement>('.scroller')!.focus();
    await sendKeys({ press: 'c' });
    await waitUntil(() => panel.shadowRoot!.activeElement?.id === 'review-draft', 'the comment form has the focus');
    expect(panel.shadowRoot!.querySelector('[part=composer] label')!.textContent).to.equal('Comment at 0:03.0');
  });

  it(`at ${viewportWidth(390)} px: the Review view on the phone bar, a comment and a decision listed (screenshot)`, async function () {
    const h = await made(viewportWidth(390));
    const panel = await openReview(h);
    h.element.store.dispatch({ type: 'review/comment', id: 'k1', at: new Date().toISOString(), body: 'The price is hard to hear', start: 3, end: 5 });
    h.element.store.dispatch({ type: 'review/decide', id: 'd1', at: new Date().toISOString(), label: 'changes-required', note: 'Slower on the price, please.' });
    await panel.updateComplete;
    expect(texts(panel, '[part~=comment] .body')).to.deep.equal(['The price is hard to hear']);
    expect(panel.scrollWidth, 'no sideways scroll').to.be.at.most(panel.clientWidth);
    await executeServerCommand('studio-screenshot', { name: `review-${viewportWidth(390)}` });

    // Reply, resolve (behind "Show resolved (1)", never deleted), reopen.
    const button = (text: string) => [...panel.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((item) => item.textContent!.trim() === text)!;
    button('Reply').click();
    await panel.updateComplete;
    const reply = panel.shadowRoot!.querySelector<HTMLTextAreaElement>('[part~=thread] textarea')!;
    reply.value = 'Agreed';
    reply.dispatchEvent(new Event('input'));
    await panel.updateComplete;
    button('Send').click();
    await panel.updateComplete;
    expect(texts(panel, '[part~=comment] .body')).to.deep.equal(['The price is hard to hear', 'Agreed']);
    button('Resolve').click();
    await panel.updateComplete;
    expect(texts(panel, '[part~=comment] .body'), 'resolved: hidden').to.deep.equal([]);
    expect(button('Show resolved (1)').getAttribute('aria-expanded')).to.equal('false');
    button('Show resolved (1)').click();
    await panel.updateComplete;
    expect(texts(panel, '[part~=comment] .body'), 'shown').to.deep.equal(['The price is hard to hear', 'Agreed']);
    expect(h.getProject().review.comments).to.have.length(2);
    button('Reopen').click();
    await panel.updateComplete;
    expect(h.getProject().review.comments[0]!.resolved).to.equal(undefined);
    expect(panel.shadowRoot!.querySelector('[data-action=resolved]'), 'nothing resolved').to.equal(null);
  });

  it('without review.user: the step says the host must name the reviewer and lists the review read-only', async function () {
    const h = await made(1280, null);
    h.update({ tools: { role: 'reviewer' } });
    const panel = await openReview(h);
    await panel.updateComplete;
    expect(texts(panel, '[part=message]')[0]).to.match(/invents no identity/);
    expect(panel.shadowRoot!.querySelector('[part=decision-form]'), 'no decision form').to.equal(null);
    expect(panel.shadowRoot!.querySelector('[data-action=compose]'), 'no comment form').to.equal(null);
    expect(panel.shadowRoot!.querySelector('[part=export]'), 'the export stays').to.not.equal(null);
  });

  it('a reviewer sees no editing control: Script (read-only) and Review only, no undo, export, handles, mute or version actions; comments on the words of a section', async function () {
    const h = await made(1280);
    h.update({ tools: { role: 'reviewer' } });
    await waitUntil(() => h.element.store.getState().role === 'reviewer', 'the reviewer role');
    await h.element.updateComplete;
    const root = h.element.shadowRoot!;
    const panels = root.querySelector('studio-editor-panels')!;
    await waitUntil(() => [...panels.shadowRoot!.querySelectorAll('[part~=tab]')].map((tab) => tab.id).join() === 'tab-script,tab-review', 'only the Script and Review steps');
    // The other steps' panels are never slotted, so never shown (nor loaded: their modules come with their tabs).
    for (const tag of ['recommend', 'voice', 'music', 'mix', 'master', 'feed', 'export', 'deliver']) expect(root.querySelector(`studio-editor-${tag}-panel`)?.assignedSlot ?? null, `${tag} panel`).to.equal(null);

    // The toolbar: play, full screen; no undo, redo or export; the title is read-only.
    const toolbar = root.querySelector('studio-editor-toolbar')!;
    await toolbar.updateComplete;
    expect(toolbar.shadowRoot!.querySelector('[aria-keyshortcuts="Control+Z"]'), 'undo').to.equal(null);
    expect(toolbar.shadowRoot!.querySelector('.export'), 'export').to.equal(null);
    expect(toolbar.shadowRoot!.querySelector<HTMLInputElement>('[part=title]')!.readOnly, 'title').to.equal(true);
    const notices = root.querySelector('studio-editor-notices')!;
    await notices.updateComplete;
    expect([...notices.shadowRoot!.querySelectorAll('button')].map((button) => button.textContent!.trim()), 'no Undo of the make').to.not.include('Undo');

    // The timeline: no gesture but seeking, no mute or solo, no clip edits; the versions bar switches only.
    await waitUntil(() => deepQuery(root, 'studio-editor-timeline') !== null, 'the timeline');
    const timeline = deepQuery(root, 'studio-editor-timeline') as StudioTimeline;
    await timeline.updateComplete;
    await waitUntil(() => deepAll(timeline.shadowRoot!, '[data-drag]').every((element) => element.getAttribute('data-drag') === 'seek'), () => `only the ruler seeks (${deepAll(timeline.shadowRoot!, '[data-drag]').map((element) => element.getAttribute('data-drag')).join()})`);
    expect(deepAll(timeline.shadowRoot!, '[part=mute], [part=solo]'), 'mute and solo').to.have.length(0);
    const clipElement = deepQuery(timeline.shadowRoot!, 'studio-editor-timeline-clip') as HTMLElement;
    clipElement.focus();
    clipElement.click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deepAll(root, '[part=clip-edit], [part=lock]'), 'no clip edits or lock toggles').to.have.length(0);
    const before = h.getProject();
    await sendKeys({ press: 'Delete' });
    await sendKeys({ press: 'ArrowRight' });
    expect(h.getProject(), 'keys edit nothing').to.equal(before);
    const bar = root.querySelector('studio-editor-versions')!;
    await bar.updateComplete;
    expect(bar.shadowRoot!.querySelector('[part=actions]'), 'no version actions').to.equal(null);
    expect(bar.shadowRoot!.querySelectorAll('input[name=version]').length, 'the versions switch').to.be.at.least(1);

    // The script, read-only: words selected in a voiced section make a comment over its clips, quoting them.
    panels.shadowRoot!.querySelector<HTMLButtonElement>('#tab-script')!.click();
    await customElements.whenDefined('studio-editor-script-panel');
    const script = root.querySelector('studio-editor-script-panel')!;
    await script.updateComplete;
    expect(script.shadowRoot!.querySelector('studio-editor-script-editor'), 'no script editor').to.equal(null);
    const section = h.getProject().script.sections[1]!;
    const words = script.shadowRoot!.querySelector<HTMLTextAreaElement>(`#words-${section.id}`)!;
    expect(words.readOnly).to.equal(true);
    const [first, second] = words.value.split(' ');
    words.focus();
    words.setSelectionRange(0, `${first} ${second}`.length);
    script.shadowRoot!.querySelector<HTMLButtonElement>(`button[data-section="${section.id}"]`)!.click();
    await customElements.whenDefined('studio-editor-review-panel');
    const panel = root.querySelector('studio-editor-review-panel')!;
    await waitUntil(() => panel.shadowRoot!.activeElement?.id === 'review-draft', 'the Review step\'s form, focused');
    const clips = h.getProject().clips.filter((clip) => clip.sectionId === section.id);
    const start = Math.min(...clips.map((clip) => clip.start));
    expect(panel.shadowRoot!.querySelector<HTMLTextAreaElement>('#review-draft')!.value).to.equal(`“${first} ${second}” `);
    expect(panel.shadowRoot!.querySelector('[part=composer] label')!.textContent).to.match(new RegExp(`^Comment at ${formatClock('en', start, true).replace('.', '\\.')}–`));
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[part=composer] button[type=submit]')!.click();
    await panel.updateComplete;
    const [comment] = h.getProject().review.comments;
    expect(comment!.anchor.start).to.equal(start);
    expect(comment!.anchor.clip?.id).to.equal(clips.find((clip) => clip.start === start)!.id);
    await expect(panel).to.be.accessible();
    await executeServerCommand('studio-screenshot', { name: 'review-reviewer-1280' });
  });
});
