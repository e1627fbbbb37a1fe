// One honest length (issue 38) against the emulator: after "Make the ad", the Script panel, the idea card,
// the version chip, the status line and the timeline give one spoken length (within 0.1 s), from the takes
// as voiced; a read made faster than 1.10x says so and warns with its two fixes; and the editor never reads
// past `vocal.maxFitSpeed`: it shortens the script through `format` instead.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl } from '/__studio-env.js';
import type { Recommendation } from '../../src/api/contract.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import type { StudioConfig } from '../../src/config/types.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deepQuery } from '../support/deep-query.js';

/** The first number in `text` ("Spoken: 28.7 s of 30 s" -> 28.7), or NaN. */
const firstNumber = (text: string) => Number.parseFloat(/\d+(?:\.\d+)?/.exec(text)?.[0] ?? 'NaN');
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('One honest length (e2e, emulator)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  /**
   * An editor on the emulator with the first idea for the coffee kit, changed by `idea` (its fitted speed),
   * made into an ad with "Make the ad" (a voice-over per section: the service's generation would read its
   * own idea at its own speed); resolves once every section is voiced and the Script panel is shown.
   */
  async function makeAd(id: string, idea: (given: Recommendation) => Recommendation, vocal: StudioConfig['vocal'] = {}) {
    mountPoint(id);
    const user = `${id}-${crypto.randomUUID().slice(0, 8)}`;
    handle = await create({
      target: `#${id}`,
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: apiBaseUrl as string, paths: { generate: '/v1/no-generate-here' } },
      project: { id: user, autosave: false, duration: 30 },
      vocal,
    });
    const h = handle;
    const { recommendations } = await h.api!.recommendFromUrl({ project_id: user, url: 'https://acme-coffee.com/products/cold-brew-kit', duration: 30, max_recommendations: 1 });
    const chosen = idea(recommendations[0]!);
    h.element.store.dispatch({ type: 'recommendations/received', recommendations: [chosen] });
    const card = () => deepQuery(h.element.shadowRoot!, 'studio-editor-recommendation-card');
    const makeButton = () => card()?.shadowRoot?.querySelector<HTMLButtonElement>('button.primary');
    await waitUntil(makeButton, 'the Make the ad button');
    makeButton()!.click();
    await waitUntil(() => h.getProject().clips.length > 0 && h.getProject().clips.length === h.getProject().script.sections.length, 'every section voiced', { timeout: 40_000 });
    (h.element as unknown as { activePanel: string }).activePanel = 'script';
    await waitUntil(() => deepQuery(h.element.shadowRoot!, 'studio-editor-script-editor')?.shadowRoot?.querySelector('[part="spoken"]'), 'the Script panel', { timeout: 20_000 });
    const scriptEditor = () => deepQuery(h.element.shadowRoot!, 'studio-editor-script-editor')!.shadowRoot!;
    const scriptPanel = () => deepQuery(h.element.shadowRoot!, 'studio-editor-script-panel')!.shadowRoot!;
    const versions = () => deepQuery(h.element.shadowRoot!, 'studio-editor-versions')?.shadowRoot;
    const status = () => text(h.element.shadowRoot!.querySelector('[part="status"]'));
    return { h, chosen, card, scriptEditor, scriptPanel, versions, status };
  }

  it('gives one spoken length in the five places after Make the ad, within 0.1 s', async function () {
    const { h, card, scriptEditor, versions, status } = await makeAd('one-length', (idea) => idea);
    await waitUntil(() => status().includes('Spoken:') && text(versions()?.querySelector('[part="spoken"]')) !== '' && text(card()?.shadowRoot?.querySelector('[part="length"]')).startsWith('Spoken:'), 'the length everywhere', { timeout: 30_000 });
    const timeline = deepQuery(h.element.shadowRoot!, 'studio-editor-timeline') as unknown as { clips: ReadonlyArray<{ start: number; length: number }> };
    await waitUntil(() => timeline.clips.length === h.getProject().clips.length, 'the timeline laid out');
    const figures = {
      script: firstNumber(text(scriptEditor().querySelector('[part="spoken"]'))),
      card: firstNumber(text(card()!.shadowRoot!.querySelector('[part="length"]'))),
      chip: firstNumber(text(versions()!.querySelector('[part="spoken"]'))),
      status: firstNumber(status().slice(status().indexOf('Spoken:'))),
      timeline: Math.max(...timeline.clips.map((clip) => clip.start + clip.length)),
    };
    const all = Object.values(figures);
    expect(all.every((value) => Number.isFinite(value)), JSON.stringify(figures)).to.equal(true);
    expect(Math.max(...all) - Math.min(...all), JSON.stringify(figures)).to.be.at.most(0.1);
    // The measured length, not the words' estimate: the Script panel no longer says "About".
    expect(text(scriptEditor().querySelector('[part="spoken"]')).startsWith('Spoken:')).to.equal(true);
    expect(text(scriptEditor().querySelector('[part="pace"]'))).to.match(/^\d+\.\d words\/s$/);
  });

  it('says a read made faster than 1.10x was sped up, wherever the length is shown, and warns with its two fixes', async function () {
    const { h, card, scriptEditor, scriptPanel, versions, status } = await makeAd('fast-read', (idea) => ({ ...idea, voice: { ...idea.voice, speed: 1.16 } }));
    expect(h.getProject().clips.map((clip) => clip.source?.speed)).to.deep.equal(h.getProject().clips.map(() => 1.16));
    const note = 'Read at 1.16x to fit 30 s';
    await waitUntil(() => status().includes(note), 'the status line says it', { timeout: 30_000 });
    expect(text(scriptEditor().querySelector('[part="speed"]'))).to.equal(note);
    expect(text(card()!.shadowRoot!.querySelector('[part="length"]'))).to.contain(note);
    expect(text(versions()!.querySelector('[part="spoken"]'))).to.contain(note);
    expect(versions()!.querySelector('[part="spoken"]')!.classList.contains('fast'), 'the chip marks the fast read as a warning').to.equal(true);
    expect(text(scriptPanel().querySelector('[part="speed-warning"] p'))).to.equal('Read at 1.16x: a read faster than 1.10x can sound rushed.');
    const fixes = () => [...scriptPanel().querySelectorAll<HTMLButtonElement>('[part="speed-warning"] button')];
    expect(fixes().map((button) => text(button))).to.deep.equal(['Shorten the script to fit', 'Keep it']);
    // "Shorten the script to fit": the service's format at normal speed, then every section voiced again at 1x.
    fixes()[0]!.click();
    await waitUntil(() => h.getProject().usage.some((entry) => entry.operation === 'format') && h.getProject().clips.every((clip) => clip.source?.speed === 1), 'shortened and voiced at 1x', { timeout: 40_000 });
    await waitUntil(() => scriptPanel().querySelector('[part="speed-warning"]') === null && text(scriptEditor().querySelector('[part="speed"]')) === '', 'the warning and the note gone');
    expect(versions()!.querySelector('[part="spoken"]')?.classList.contains('fast') ?? false, 'no warning on the chip at 1x').to.equal(false);
  });

  it('never reads past vocal.maxFitSpeed: an idea fitted at 1.4x is shortened through format and read at 1.2x at most', async function () {
    const { h } = await makeAd('max-fit', (idea) => ({ ...idea, voice: { ...idea.voice, speed: 1.4 } }), { maxFitSpeed: 1.2 });
    const project = h.getProject();
    const speeds = project.clips.map((clip) => clip.source?.speed ?? Number.NaN);
    expect(Math.max(...speeds), JSON.stringify(speeds)).to.be.at.most(1.2);
    expect(project.voice.speed).to.equal(1.2);
    expect(project.usage.some((entry) => entry.operation === 'format'), 'the script was shortened by the service').to.equal(true);
  });

  it('refuses a vocal.maxFitSpeed outside 1 to 1.5, naming the key', async () => {
    mountPoint('max-fit-bad');
    let message = '';
    try {
      handle = await create({ target: '#max-fit-bad', auth: { getToken: async () => 't', refreshToken: async () => 't' }, api: { baseUrl: apiBaseUrl as string }, vocal: { maxFitSpeed: 2 } });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).to.contain('config.vocal.maxFitSpeed: expected a number from 1 to 1.5');
  });
});
