// One ad, every length (issue 29) against the emulator: from a voiced :30, a :15, a :60 and a :6 made with
// "New version" in the versions bar. Each fits its length and keeps its call to action; the preview meets the
// loudness preset on every version; the voice-over requests are exactly the sections whose text changed;
// switching fetches nothing; undo removes a made version in one step; a reload (autosave) brings back all.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { sendKeys } from '@web/test-runner-commands';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import type { MixPreviewSource } from '../../src/audio/preview-state.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioVersions } from '../../src/components/studio-versions/studio-versions.js';
import { create, type StudioHandle } from '../../src/create.js';
import { speechEnd } from '../../src/rules/version.js';
import type { ProjectDocument } from '../../src/model/document.js';
import { versionView } from '../../src/model/versions.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { makeAdOnEmulator } from '../support/made-ad.js';

/** Requests the page made so far whose address matches `pattern` (resource timing: every fetch is one). */
const requests = (pattern: RegExp) => performance.getEntriesByType('resource').filter((entry) => pattern.test(entry.name)).length;

describe('Versions (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  const start = (user: string) =>
    create({
      target: '#editor-versions',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string },
      project: { id: `versions-${user}`, autosave: true, duration: 30 },
      layout: { height: '900px' },
    });

  it('makes a :15, a :60 and a :6 from a voiced :30: each fits with its call to action and meets loudness; switching fetches nothing; undo and reload', async function () {
    this.timeout(240_000);
    performance.setResourceTimingBufferSize(10_000);
    mountPoint('editor-versions');
    const user = `versions-${crypto.randomUUID().slice(0, 8)}`;
    handle = await start(user);
    let h = handle;
    await makeAdOnEmulator(h, user);
    const main = h.getProject();
    const call = main.script.sections.at(-1)!;
    const preview = () => (h.element as unknown as { preview: MixPreviewSource }).preview.getState();
    const rendered = async (what: string) => {
      await waitUntil(() => preview().status === 'ready' && preview().compliance !== null && preview().timing !== null && preview().duration === h.getProject().duration, `${what} rendered`, { timeout: 40_000 });
      expect(preview().compliance!.pass, `${what}: loudness met`).to.equal(true);
      expect(preview().timing!.speechEnd, `${what}: the speech fits`).to.be.at.most(h.getProject().duration + 0.001);
    };
    await rendered('the :30');

    await customElements.whenDefined('studio-editor-versions');
    const bar = () => h.element.shadowRoot!.querySelector('studio-editor-versions') as StudioVersions;
    await waitUntil(() => bar()?.shadowRoot?.querySelector('[part=actions] button') != null, 'the versions bar');
    const $ = <T extends HTMLElement = HTMLElement>(selector: string) => bar().shadowRoot!.querySelector<T>(selector);
    const radio = (id: string) => $<HTMLInputElement>(`input[name=version][value="${id}"]`)!;

    for (const seconds of [15, 60, 6]) {
      radio('v1').click();
      await waitUntil(() => h.getProject().openVersion === 'v1', 'the :30 open');
      const before = h.getProject().versions.length;
      const voiceovers = requests(/\/v1\/voiceover$/);
      const steps = h.element.store.getState().history.pastDepth;
      $<HTMLButtonElement>('[part=actions] button')!.click();
      await bar().updateComplete;
      const length = [...bar().shadowRoot!.querySelectorAll<HTMLLabelElement>('.lengths label')].find((label) => label.textContent!.trim() === `:${seconds}`)!;
      length.querySelector('input')!.click();
      await bar().updateComplete;
      $<HTMLButtonElement>('[part=form] button[type=submit]')!.click();
      await waitUntil(() => h.getProject().versions.length === before + 1 || $('[part=error]') !== null, `the :${seconds} made`, { timeout: 90_000 });
      expect($('[part=error]')?.textContent ?? '', `:${seconds}`).to.equal('');
      const made = h.getProject();
      expect(made.duration).to.equal(seconds);
      expect(h.element.store.getState().history.pastDepth, 'one undo step').to.equal(steps + 1);
      // The call to action word for word; every take laid out within the length.
      expect(made.script.sections.at(-1)!.text, `:${seconds} call to action`).to.equal(call.text);
      expect(speechEnd(made), `:${seconds} speech end`).to.be.at.most(seconds);
      // Voiced again: exactly the sections whose text changed.
      const changed = made.script.sections.filter((section) => main.script.sections.find((old) => old.id === section.id)?.text !== section.text).length;
      await waitUntil(() => requests(/\/v1\/voiceover$/) >= voiceovers + changed, 'the voice-over requests are timed');
      expect(requests(/\/v1\/voiceover$/) - voiceovers, `:${seconds} voice-overs`).to.equal(changed);
      if (seconds === 6) expect(changed, 'the :6 was cut').to.be.above(0);
      await rendered(`the :${seconds}`);
    }
    const ids = h.getProject().versions.map((version) => version.id);
    expect(ids.length).to.equal(4);
    // Undo removes the last made version in one step; redo brings it back.
    h.element.store.dispatch({ type: 'history/undo' });
    expect(h.getProject().versions.length).to.equal(3);
    h.element.store.dispatch({ type: 'history/redo' });
    expect(h.getProject().versions.length).to.equal(4);

    // Switching: each version opens at once, nothing is fetched again, each meets loudness.
    const fetched = performance.getEntriesByType('resource').length;
    for (const id of [...ids, ...ids]) {
      radio(id).click();
      await waitUntil(() => h.getProject().openVersion === id, `${id} open`);
      await rendered(id);
    }
    expect(performance.getEntriesByType('resource').length - fetched, 'requests while switching').to.equal(0);
    expect(h.element.shadowRoot!.querySelector('[part=status]')!.textContent).to.match(/^Version :\d+ is open\./);
    // Arrow keys move through the versions (the radio group's own keys).
    radio(ids[0]!).click();
    radio(ids[0]!).focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => h.getProject().openVersion === ids[1], 'the next version opened by the keyboard');

    // The whole project round-trips through getProject/loadProject, and a reload brings back every version.
    const saved: ProjectDocument = h.getProject();
    for (const id of ids) expect(versionView(saved, id).clips.length, id).to.be.above(0);
    await waitUntil(() => !h.element.store.getState().dirty, 'saved', { timeout: 10_000 });
    handle.destroy();
    cleanupMounts();
    mountPoint('editor-versions');
    handle = await start(user);
    h = handle;
    await waitUntil(() => h.getProject().versions.length === 4, 'the versions restored', { timeout: 10_000 });
    expect(JSON.stringify(h.getProject().versions.map((version) => [version.id, versionView(h.getProject(), version.id).duration]))).to.equal(
      JSON.stringify(saved.versions.map((version) => [version.id, versionView(saved, version.id).duration])),
    );
    await expect(h.element).to.be.accessible();
  });
});
