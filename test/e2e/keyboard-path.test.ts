// Keyboard only (Tab, Shift+Tab, arrows, Enter; no click): from the URL field to choosing a recommendation,
// to the script and generating its voice-over, to choosing a voice and a music track, editing the script and
// playing the ad from the timeline. The service is the emulator (a stand-in for the real service, on
// loopback).
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { sendKeys } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { afterReady } from '../support/after-ready.js';

/** The focused element, through shadow roots. */
function deepActive(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const describe_ = (element: Element | null) => (element ? `${element.localName}${element.id ? `#${element.id}` : ''} “${(element.textContent ?? '').trim().slice(0, 30)}”` : 'nothing');

/** Presses `key` (Tab or Shift+Tab) until `match` holds for the focused element; fails after `max` presses. */
async function pressUntil(key: 'Tab' | 'Shift+Tab', match: (element: Element) => boolean, what: string, max = 80): Promise<Element> {
  for (let presses = 0; presses < max; presses += 1) {
    const active = deepActive();
    if (active !== null && match(active)) return active;
    if (key === 'Tab') await sendKeys({ press: 'Tab' });
    else {
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
    }
  }
  throw new Error(`${what} was not reached with ${key} in ${max} presses; focus is on ${describe_(deepActive())}.`);
}

const isTab = (element: Element) => element.getAttribute('role') === 'tab';
const text = (element: Element) => (element.textContent ?? '').trim();

/** From inside a panel: back to the tab list, then arrows to the tab `id`. */
async function openTab(handle: StudioHandle, id: string): Promise<void> {
  await pressUntil('Shift+Tab', isTab, 'The tab list');
  const panels = handle.element.shadowRoot!.querySelector('studio-editor-panels')!;
  const vertical = getComputedStyle(panels.shadowRoot!.querySelector('[part=tabs]')!).flexDirection === 'column';
  for (let step = 0; step < 8 && deepActive()?.id !== `tab-${id}`; step += 1) await sendKeys({ press: vertical ? 'ArrowDown' : 'ArrowRight' });
  expect(deepActive()?.id).to.equal(`tab-${id}`);
  expect(panels.getAttribute('active')).to.equal(id);
}

describe('keyboard-only path through the editor (e2e)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    cleanupMounts();
  });

  it('recommends, chooses, voices the script, picks a voice and a track, edits the script and plays, without a pointer', async function () {
    const userId = `keys-${Math.random().toString(36).slice(2)}`;
    mountPoint('editor');
    handle = await create({
      target: '#editor',
      api: { baseUrl: apiBaseUrl as string },
      auth: { userId, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      project: { id: `keys-project-${userId}`, duration: 15, autosave: false },
    });
    const h = handle;
    const recommend = h.element.shadowRoot!.querySelector('studio-editor-recommend-panel')!;
    const form = recommend.shadowRoot!.querySelector('studio-editor-recommend-form')!;
    await waitUntil(() => form.shadowRoot?.querySelector('#url'), 'the URL field is shown');
    (form.shadowRoot!.querySelector('#url') as HTMLInputElement).focus();
    await sendKeys({ type: 'https://www.northwind-bikes.com/products/trail-runner-2' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => recommend.shadowRoot!.querySelectorAll('studio-editor-recommendation-card').length > 0, 'results are shown', { timeout: 15_000 });

    await pressUntil('Tab', (el) => el.localName === 'button' && text(el) === 'Use this', 'The first “Use this” button');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => h.getProject().recommendations.chosen !== null, 'a recommendation is chosen');
    const chosen = h.getProject();
    expect(chosen.script.sections.length).to.be.greaterThan(0);

    await openTab(h, 'script');
    await pressUntil('Tab', (el) => el.localName === 'button' && text(el) === 'Generate voice-over', 'The “Generate voice-over” button');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => h.getProject().clips.length === h.getProject().script.sections.length, 'every section is voiced', { timeout: 20_000 });

    await openTab(h, 'voice');
    await waitUntil(() => h.element.shadowRoot!.querySelector('studio-editor-voice-panel')!.shadowRoot!.querySelector('studio-editor-voice-picker')!.shadowRoot!.querySelector('input[name=voice]'), 'the voices are listed');
    await pressUntil('Tab', (el) => el instanceof HTMLInputElement && el.name === 'voice', 'The voice list');
    const voiceBefore = h.getProject().voice.voice;
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => h.getProject().voice.voice !== voiceBefore, 'another voice is chosen');

    await openTab(h, 'music');
    await waitUntil(() => h.element.shadowRoot!.querySelector('studio-editor-music-panel')!.shadowRoot!.querySelector('studio-editor-music-picker')!.shadowRoot!.querySelector('input[name=track]'), 'the tracks are listed');
    await pressUntil('Tab', (el) => el instanceof HTMLInputElement && el.name === 'track', 'The track list');
    const trackBefore = h.getProject().music?.track?.track_id;
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => h.getProject().music?.track?.track_id !== trackBefore, 'another track is chosen');
    const bed = h.getProject().music!;
    expect(bed.url).to.be.a('string').and.not.equal('');
    expect(bed.track?.track_id).to.not.equal(trackBefore);

    // Edit the script: the first section's text, from the keyboard.
    await openTab(h, 'script');
    await pressUntil('Tab', (el) => el instanceof HTMLTextAreaElement, 'The first section’s text');
    // Control+End: the end of the text (End is the end of the line where the text wraps).
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'End' });
    await sendKeys({ up: 'Control' });
    await sendKeys({ type: ' Today only.' });
    await sendKeys({ press: 'Tab' });
    await waitUntil(() => h.getProject().script.sections[0]!.text.endsWith('Today only.'), 'the edit is in the project');

    // Play: Tab on to a clip of the timeline, then Space; the preview plays the rendered mix.
    const preview = await afterReady(h.element);
    await waitUntil(() => preview.getState().status === 'ready', 'the mix is rendered', { timeout: 20_000 });
    await pressUntil('Tab', (el) => el.classList.contains('clip'), 'A clip on the timeline', 200);
    await sendKeys({ press: ' ' });
    // Firefox and WebKit open their audio stream (PulseAudio here) in about a second when the machine is busy,
    // and WebKitGTK's clock then moves in uneven steps: what counts is that Space plays, not how soon.
    await waitUntil(() => preview.getState().transport === 'playing', 'it plays', { timeout: 5000 });
    await waitUntil(() => preview.currentTime > 0.2, 'the playhead moves', { timeout: 10_000 });
    await sendKeys({ press: ' ' });
    await waitUntil(() => preview.getState().transport === 'paused', 'it pauses');
  });
});
