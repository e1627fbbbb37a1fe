// Roles and locks (issue 30) in the whole editor: a template whose disclaimer clip, disclaimer section and length
// are locked, filled in by an adopter who tries every way around the locks; the creator changes them, and sets
// and clears the locks; the role switched live through handle.update(). Screenshots at 390 and 1280 px.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { executeServerCommand, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import type { AssetMetadata } from '../../src/api/contract.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import { EMPTY_REVIEW, SCHEMA_VERSION, type ProjectDocument } from '../../src/model/document.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { wavUrl } from '../support/audio-urls.js';
import { deepQuery } from '../support/deep-query.js';
import { openPanel } from '../support/panels.js';
import { askForIdeas, makeTheAd } from '../support/ideas.js';
import { sine } from '../support/wav.js';
import { viewportWidth } from '../support/engine.js';

const REASON = 'Legal disclaimer: required by the station';
/** `key` pressed with Shift held. */
async function shifted(key: string): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: key });
  await sendKeys({ up: 'Shift' });
}
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** The template: hook, body and a locked disclaimer (its section and its take), its :30 locked; 3 s takes. */
function template(): ProjectDocument {
  const url = wavUrl([sine(3, 48000, 330, 0.2)]);
  const asset = (id: string): AssetMetadata => ({ asset_id: id, kind: 'voice', url, mime_type: 'audio/wav', duration_s: 3 });
  const clip = (id: string, sectionId: string, start: number) => ({ id, sectionId, assetId: `a-${id}`, url, start, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0, source: null });
  return {
    schemaVersion: SCHEMA_VERSION,
    project_id: 'locks-template',
    title: 'Station template',
    duration: 30,
    delivery: { format: 'wav24', sampleRate: 48000, destinations: ['streaming'], stems: false },
    campaign: { advertiser: '', campaign: '', adId: '', isci: '' },
    versions: [{ id: 'v1', label: '', adId: '', isci: '' }],
    openVersion: 'v1',
    locks: { duration: { reason: 'Sold as a :30' } },
    pronunciations: [],
    slots: [],
    feed: null,
    review: EMPTY_REVIEW,
    voice: { voice: 'v-anna', details: null, speed: 1, mode: 'single' },
    script: {
      sections: [
        { id: 's1', label: 'Hook', text: 'Your offer here.' },
        { id: 's2', label: 'Body', text: 'Tell them why.' },
        { id: 's3', label: 'Disclaimer', text: 'Terms apply. See store for details.', locked: true, lockReason: REASON },
      ],
    },
    clips: [clip('c1', 's1', 0.5), clip('c2', 's2', 4), { ...clip('c3', 's3', 8), locked: true, lockReason: REASON }],
    music: { track: null, assetId: null, url, gain: -6, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1, locked: true, lockReason: 'Licensed for this station' },
    mix: { voiceLevel: 0, musicLevel: -6, duckingDepth: 9, duckingAttackMs: 80, duckingReleaseMs: 400 },
    tracks: { voice: { muted: false, solo: false }, music: { muted: false, solo: false } },
    mastering: { enabled: true, preset: 'streaming', target: -14, truePeak: -1 },
    recommendations: {
      items: [
        {
          recommendation_id: 'r1',
          title: 'Idea',
          script: { sections: [{ id: 'r1-hook', label: 'Hook', text: 'Summer is here.' }] },
          voice: { voice_id: 'v-ben', name: 'Ben', language: 'en-US' },
          music: { track_id: 't-sunny', title: 'Sunny', style: 'pop' },
          duration_s: 30,
        },
      ],
      chosen: null,
    },
    usage: [],
    assets: ['a-c1', 'a-c2', 'a-c3'].map(asset),
  } as ProjectDocument;
}

describe('<studio-editor> roles and locks: a template filled in by an adopter', function () {
  let handle: StudioHandle | undefined;

  afterEach(async () => {
    await resetMouse();
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  async function open(role: 'creator' | 'adopter', panel: 'script' | 'master' | 'recommend' = 'script', mode: 'light' | 'dark' = 'light'): Promise<StudioHandle> {
    mountPoint('editor-locks');
    handle = await create({
      target: '#editor-locks',
      auth: { userId: `locks-${Math.random().toString(36).slice(2)}`, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { autosave: false },
      layout: { initialPanel: panel, height: '760px' },
      tools: { role },
      theme: { mode },
    });
    await handle.loadProject(template());
    await waitUntil(() => clipElement(handle!) !== null, 'the disclaimer clip on the timeline', { timeout: 15_000 });
    return handle;
  }

  const root = (h: StudioHandle) => h.element.shadowRoot!;
  const clipElement = (h: StudioHandle) => deepQuery(root(h), 'studio-editor-timeline-clip[data-id="c3"]') as HTMLElement | null;
  const status = (h: StudioHandle) => root(h).querySelector('[part="status"]')!.textContent ?? '';
  const disclaimer = (h: StudioHandle) => ({
    clip: JSON.stringify(h.getProject().clips.find((clip) => clip.id === 'c3')),
    section: JSON.stringify(h.getProject().script.sections.find((section) => section.id === 's3')),
    place: h.getProject().script.sections.map((section) => section.id).indexOf('s3'),
    duration: h.getProject().duration,
  });
  const scriptEditor = (h: StudioHandle) => deepQuery(root(h), 'studio-editor-script-editor') as HTMLElement;
  const sectionItem = (h: StudioHandle, index: number) => scriptEditor(h).shadowRoot!.querySelectorAll('[part="section"]')[index] as HTMLElement;

  /** The status says the disclaimer is locked, with its reason. */
  async function saysWhy(h: StudioHandle, what: string): Promise<void> {
    await h.element.updateComplete;
    const line = status(h);
    expect(line, what).to.contain('is locked, so nothing changed');
    expect(line, what).to.contain(REASON);
  }

  it('as an adopter, a drag, keys, delete, split, re-space, undo and "Make the ad" leave the locked parts as they were, and say why', async () => {
    const h = await open('adopter');
    const before = disclaimer(h);
    const clip = clipElement(h)!;
    await (clip as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(clip.classList.contains('fixed')).to.equal(true);
    expect(clip.dataset['drag']).to.equal(undefined);
    expect(clip.getAttribute('aria-label')).to.contain(`Locked: ${REASON}`);
    expect(clip.querySelector('[data-drag]') === null, 'no trim handle or knob').to.equal(true);
    // The locked bed: no gain or fade gesture (the ducking depth, a mix setting, stays).
    const bed = deepQuery(root(h), 'studio-editor-timeline-bed') as HTMLElement;
    expect(bed.dataset['drag']).to.equal(undefined);
    expect([...bed.querySelectorAll<HTMLElement>('[data-drag]')].map((part) => part.dataset['drag'])).to.deep.equal(['duck']);

    // A pointer drag does not even start.
    clip.scrollIntoView({ block: 'center', inline: 'center' });
    await frame();
    const box = clip.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2 + 120), Math.round(box.y + box.height / 2)] });
    await sendMouse({ type: 'up' });
    expect(disclaimer(h)).to.deep.equal(before);

    // Keys: a nudge, a step, delete, split (at the playhead) and join.
    clip.focus();
    for (const press of ['ArrowRight', 'Shift', 'Delete', 'j']) {
      if (press === 'Shift') await shifted('ArrowLeft');
      else await sendKeys({ press });
      expect(disclaimer(h), press).to.deep.equal(before);
      await saysWhy(h, press);
    }
    h.element.store.dispatch({ type: 'clip/split', id: 'c3', newId: 'c3-2', at: 1, length: 3 });
    expect(disclaimer(h)).to.deep.equal(before);
    await saysWhy(h, 'split');

    // The locked section: read-only fields that point to the lock's note, no moving or removing.
    const item = sectionItem(h, 2);
    const area = item.querySelector('textarea')!;
    expect(area.readOnly).to.equal(true);
    const note = item.querySelector(`#${area.getAttribute('aria-describedby')!}`);
    expect(note?.textContent).to.contain(`Locked: ${REASON}`);
    const buttons = [...item.querySelectorAll<HTMLButtonElement>('.tools button')];
    expect(buttons.map((button) => button.disabled)).to.deep.equal([true, true, true]);
    // A paste or typing in a locked section (as if the field were editable) is refused by the store.
    h.element.store.dispatch({ type: 'script/set-text', id: 's3', text: 'pasted' });
    expect(disclaimer(h)).to.deep.equal(before);
    await saysWhy(h, 'paste');
    // The section above it cannot go below it: the disclaimer closes the script.
    sectionItem(h, 1).querySelectorAll<HTMLButtonElement>('.tools button')[1]!.click();
    expect(disclaimer(h)).to.deep.equal(before);
    await saysWhy(h, 'move the body down');

    // "Re-space sections" would move the locked take: refused, and said.
    h.element.store.dispatch({ type: 'clip/move', id: 'c1', start: 1.5 });
    const respace = deepQuery(root(h), 'button[part="respace"]') as HTMLButtonElement;
    respace.click();
    expect(disclaimer(h)).to.deep.equal(before);
    await saysWhy(h, 're-space');
    // The adopter's own edits work and undo; an undo that would cross a lock does not.
    expect(h.getProject().clips[0]!.start).to.equal(1.5);

    // The length: locked.
    h.element.store.dispatch({ type: 'project/set-duration', duration: 45 });
    expect(h.getProject().duration).to.equal(30);
    await h.element.updateComplete;
    expect(status(h)).to.contain('Sold as a :30');

    // "Make the ad" with another idea: the locked section, its take and place, and the length stay.
    h.element.store.dispatch({
      type: 'ad/assemble',
      recommendationId: 'r1',
      duration: 15,
      takes: [{ asset: { ...h.getProject().assets[0]!, asset_id: 'take-hook' }, sectionId: 'r1-hook', source: { text: 'Summer is here.', voice: 'v-ben', speed: 1 } }],
    });
    expect(h.getProject().script.sections.map((section) => section.id)).to.deep.equal(['r1-hook', 's3']);
    const made = disclaimer(h);
    expect([made.clip, made.duration]).to.deep.equal([before.clip, 30]);
    // Still read in the voice it was (the ad's voice is now Ben's, so the section keeps Anna's).
    expect(made.section).to.equal(JSON.stringify({ ...JSON.parse(before.section), voice: 'v-anna' }));

    // handle.loadProject of another ad is refused with code 'locked'; the same template filled in loads.
    let code = '';
    try {
      await handle!.loadProject({ ...template(), locks: {}, script: { sections: [] }, clips: [] });
    } catch (error) {
      code = (error as { code: string }).code;
    }
    expect(code).to.equal('locked');
    expect((await h.loadProject({ ...h.getProject(), title: 'Filled in' })).title).to.equal('Filled in');

    // The screenshots show the status line saying why the last try was refused.
    h.element.store.dispatch({ type: 'clip/move', id: 'c3', start: 12 });
    await setViewport({ width: 1280, height: 900 });
    await frame();
    await executeServerCommand('studio-screenshot', { name: 'locks-adopter-1280' });
    await setViewport({ width: viewportWidth(390), height: 844 });
    await frame();
    sectionItem(h, 1).scrollIntoView({ block: 'start' });
    await frame();
    await executeServerCommand('studio-screenshot', { name: `locks-adopter-${viewportWidth(390)}` });
    await setViewport({ width: 800, height: 600 });
  });

  it('as an adopter, ideas from the service and a click on "Make the ad" keep the locked parts', async () => {
    const h = await open('adopter', 'recommend');
    const before = disclaimer(h);
    const bed = JSON.stringify(h.getProject().music);
    // Ideas for a product page, from the service (they replace the template's).
    await askForIdeas(root(h));
    await waitUntil(() => h.getProject().recommendations.items.some((item) => item.recommendation_id !== 'r1'), 'the service\'s ideas', { timeout: 30_000 });
    await h.element.updateComplete;
    const idea = h.getProject().recommendations.items[0]!;
    makeTheAd(deepQuery(root(h), 'studio-editor-recommendation-card')!);
    const ideaSections = idea.script.sections.map((section) => section.id);
    await waitUntil(() => h.getProject().clips.filter((clip) => ideaSections.includes(clip.sectionId ?? '')).length === ideaSections.length, 'the idea voiced and laid out', { timeout: 30_000 });
    const made = disclaimer(h);
    // The idea's sections, then the locked disclaimer; its take, its place at the end and the :30 kept.
    expect(h.getProject().script.sections.map((section) => section.id)).to.deep.equal([...ideaSections, 's3']);
    expect([made.clip, made.duration, made.place]).to.deep.equal([before.clip, 30, ideaSections.length]);
    // The locked bed stays the template's (the idea's track is not taken).
    expect(JSON.stringify(h.getProject().music)).to.equal(bed);
  });

  it('never undoes across a lock after the role turns adopter live, and the creator can again', async () => {
    const h = await open('creator');
    h.element.store.dispatch({ type: 'clip/move', id: 'c3', start: 9 });
    await h.update({ tools: { role: 'adopter' } });
    await waitUntil(() => h.element.store.getState().role === 'adopter', 'the adopter role (its rules loaded)');
    const toolbar = deepQuery(root(h), 'studio-editor-toolbar') as HTMLElement;
    const undo = [...toolbar.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.getAttribute('aria-label')?.startsWith('Undo') || button.textContent?.trim().startsWith('Undo'));
    if (undo !== undefined) undo.click();
    else h.element.store.dispatch({ type: 'history/undo' });
    expect(h.getProject().clips.find((clip) => clip.id === 'c3')!.start).to.equal(9);
    await saysWhy(h, 'undo');
    await h.update({ tools: { role: 'creator' } });
    h.element.store.dispatch({ type: 'history/undo' });
    expect(h.getProject().clips.find((clip) => clip.id === 'c3')!.start).to.equal(8);
  });

  it('as a creator, every one of those works, and the locks are set and cleared in the panels', async () => {
    const h = await open('creator');
    const clip = clipElement(h)!;
    await (clip as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(clip.dataset['drag']).to.equal('move');
    expect((deepQuery(root(h), 'studio-editor-timeline-bed') as HTMLElement).dataset['drag']).to.equal('music-gain');
    clip.focus();
    await shifted('ArrowRight');
    expect(h.getProject().clips.find((item) => item.id === 'c3')!.start).to.equal(9);
    h.element.store.dispatch({ type: 'script/set-text', id: 's3', text: 'New terms.' });
    h.element.store.dispatch({ type: 'project/set-duration', duration: 45 });
    expect(h.getProject().duration).to.equal(45);
    expect(h.element.store.getState().refusal).to.equal(undefined);

    // The section's lock toggle: clear it, then set it again with a reason.
    const toggle = () => sectionItem(h, 2).querySelector<HTMLInputElement>('.lock-set input[type="checkbox"]')!;
    expect(toggle().checked).to.equal(true);
    expect(toggle().getAttribute('aria-label')).to.equal('Locked: Disclaimer');
    toggle().click();
    expect(h.getProject().script.sections[2]!.locked).to.equal(undefined);
    await waitUntil(() => !toggle().checked, 'unlocked');
    toggle().click();
    await waitUntil(() => sectionItem(h, 2).querySelector('.lock-reason') !== null, 'the reason field');
    const reason = sectionItem(h, 2).querySelector<HTMLInputElement>('.lock-reason')!;
    reason.value = 'Required';
    reason.dispatchEvent(new Event('change'));
    expect(h.getProject().script.sections[2]!.lockReason).to.equal('Required');

    // The clip's lock in the timeline's inspector: select the clip, clear its lock.
    clip.click();
    await waitUntil(() => deepQuery(root(h), '[part="inspector"] .lock-set input') !== null, 'the clip lock toggle');
    (deepQuery(root(h), '[part="inspector"] .lock-set input') as HTMLInputElement).click();
    expect(h.getProject().clips.find((item) => item.id === 'c3')!.locked).to.equal(undefined);
  });

  it('the length and delivery locks: set by the creator in Master, disabled and described for an adopter', async () => {
    const h = await open('creator', 'master');
    const master = () => deepQuery(root(h), 'studio-editor-master-panel') as HTMLElement;
    await waitUntil(() => master().shadowRoot!.querySelector('[part="locks"]') !== null, 'the locks in Master');
    const toggles = [...master().shadowRoot!.querySelectorAll<HTMLInputElement>('[part="locks"] input[type="checkbox"]')];
    expect(toggles.map((input) => input.checked)).to.deep.equal([true, false]);
    toggles[1]!.click();
    expect(h.getProject().locks.delivery).to.deep.equal({});
    await h.update({ tools: { role: 'adopter' } });
    await waitUntil(() => h.element.store.getState().role === 'adopter', 'the adopter role (its rules loaded)');
    await (master() as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    const radio = master().shadowRoot!.querySelector<HTMLInputElement>('input[name="preset"]')!;
    expect(radio.disabled).to.equal(true);
    expect(radio.getAttribute('aria-describedby')).to.contain('delivery-lock');
    expect(master().shadowRoot!.querySelector('#delivery-lock')?.textContent).to.contain('Locked');
    h.element.store.dispatch({ type: 'mastering/set-preset', preset: 'ebu-r128' });
    expect(h.getProject().mastering.preset).to.equal('streaming');
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`has no axe violations on the locked script, music, master and clip, for an adopter and a creator, ${mode}`, async () => {
      for (const role of ['adopter', 'creator'] as const) {
        const h = await open(role, 'script', mode);
        clipElement(h)!.click();
        for (const id of ['script', 'music', 'master'] as const) {
          await openPanel(root(h), id);
          if (id === 'music' && role === 'adopter') {
            const music = deepQuery(root(h), 'studio-editor-music-panel') as HTMLElement;
            expect(music.shadowRoot!.querySelector('#bed-lock')?.textContent).to.contain('Licensed for this station');
            expect(music.shadowRoot!.querySelector('studio-editor-music-picker') === null, 'no library for a locked bed').to.equal(true);
          }
          await expect(h.element, `${id}, ${role}, ${mode}`).to.be.accessible();
        }
        h.destroy();
        handle = undefined;
        cleanupMounts();
      }
    });
  }
});
