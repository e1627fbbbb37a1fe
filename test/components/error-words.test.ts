import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import sinon from 'sinon';
import type { ServiceClient } from '../../src/api/client.js';
import { fetchError, httpError, StudioApiError } from '../../src/api/errors.js';
import { StudioAuthError } from '../../src/auth/errors.js';
import '../../src/components/studio-music-panel/studio-music-panel.js';
import '../../src/components/studio-recommend-panel/studio-recommend-panel.js';
import '../../src/components/studio-script-panel/studio-script-panel.js';
import '../../src/components/studio-voice-panel/studio-voice-panel.js';
import type { StudioErrorEvent } from '../../src/events/studio-error.js';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { createTranslator } from '../../src/i18n/translate.js';

type Locale = 'en' | 'fr';
const CATALOGUES = { en, fr };
import { createProject } from '../../src/model/document.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';

/** Each failure the service client can end with, made by the client's own error factories. */
const FAILURES: ReadonlyArray<{ name: string; make: () => Promise<Error>; retry: boolean }> = [
  { name: 'network error', make: async () => fetchError(new TypeError('Failed to fetch'), 'Recommendation') as Error, retry: true },
  {
    name: '401 after a refresh',
    make: async () =>
      new StudioAuthError(
        'auth-rejected',
        'The service refused the token again (401) for /v1/recommend/url after a refresh. Check that your token endpoint mints tokens for this service and user; the editor will ask again on the next request.',
        { status: 401 },
      ),
    retry: false,
  },
  { name: '402 no credits', make: () => httpError(Response.json({ error: { code: 'no_credits', message: 'Out of credits.' } }, { status: 402 }), 'Recommendation'), retry: true },
  { name: '429', make: () => httpError(Response.json({ error: { code: 'rate_limited', message: 'Slow down.' } }, { status: 429 }), 'Recommendation'), retry: true },
  { name: '500', make: () => httpError(new Response('oops', { status: 500 }), 'Recommendation'), retry: true },
  { name: '404 (wrong api.baseUrl)', make: () => httpError(new Response('', { status: 404 }), 'Recommendation'), retry: false },
  {
    name: 'a failed job',
    make: async () => new StudioApiError('job-failed', 'Recommendation failed: the page could not be read. Change the request and try again.', { recoverable: true }),
    retry: true,
  },
  {
    name: 'a bad response',
    make: async () => new StudioApiError('bad-response', 'Recommendation got an answer that is not a JSON object from the service. Check api.baseUrl.', { status: 200 }),
    retry: true,
  },
  { name: 'a thrown TypeError (CORS)', make: async () => new TypeError('CORS request did not succeed; config.api is wrong'), retry: true },
];

const INTEGRATOR_WORDS = /api\.baseUrl|token endpoint|config\.|getToken|CORS|client\.|api\.paths|resumeJob/i;
const DOUBLED_PUNCTUATION = /[.?!:;,]\s*[.?!:;,]/;
/** A sentence that starts with a small letter after a full stop. */
const SMALL_SENTENCE_START = /[.!?]\s+[a-zà-ÿ]/;

interface Path {
  readonly name: string;
  readonly tag: 'studio-editor-recommend-panel' | 'studio-editor-script-panel' | 'studio-editor-voice-panel' | 'studio-editor-music-panel';
  /** Client stubs that fail with `error`. */
  readonly client: (error: Error) => Partial<ServiceClient>;
  /** Triggers the failing call through the panel's UI. */
  readonly trigger: (panel: HTMLElement) => void;
}

const voices = { voices: [{ voice_id: 'ava', name: 'Ava', language: 'en-US', sample_url: '/s', words_per_minute: 120 }] };
const scriptEditor = (panel: HTMLElement) => panel.shadowRoot!.querySelector('studio-editor-script-editor')!;

const PATHS: readonly Path[] = [
  {
    name: 'recommend from a URL',
    tag: 'studio-editor-recommend-panel',
    client: (error) => ({ pendingJobs: sinon.stub().resolves([]), recommendFromUrl: sinon.stub().rejects(error) }),
    trigger: (panel) =>
      panel.shadowRoot!.querySelector('studio-editor-recommend-form')!.dispatchEvent(
        new CustomEvent('recommend-submit', { detail: { source: 'url', url: 'https://shop.example.com/a', duration: 30, count: 2 }, bubbles: true }),
      ),
  },
  {
    name: 'script voice-over',
    tag: 'studio-editor-script-panel',
    client: (error) => ({ voices: sinon.stub().resolves(voices), voiceover: sinon.stub().rejects(error) }),
    trigger: (panel) => scriptEditor(panel).dispatchEvent(new CustomEvent('voiceover-generate', { bubbles: true })),
  },
  {
    name: 'script fit',
    tag: 'studio-editor-script-panel',
    client: (error) => ({ voices: sinon.stub().resolves(voices), format: sinon.stub().rejects(error) }),
    trigger: (panel) => scriptEditor(panel).dispatchEvent(new CustomEvent('script-fit', { bubbles: true })),
  },
  { name: 'voice library', tag: 'studio-editor-voice-panel', client: (error) => ({ voices: sinon.stub().rejects(error) }), trigger: () => undefined },
  { name: 'music library', tag: 'studio-editor-music-panel', client: (error) => ({ music: sinon.stub().rejects(error) }), trigger: () => undefined },
];

async function mount(path: Path, error: Error, locale: Locale) {
  const client = { pricing: async () => undefined, ...path.client(error) } as ServiceClient;
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client} .t=${createTranslator(locale, {}, CATALOGUES[locale])}></test-editor-context>`);
  const project = createProject({ projectId: 'p1', title: 'T', duration: 20, voice: 'ava' });
  context.store.dispatch({ type: 'project/init', project: { ...project, script: { sections: [{ id: 's1', label: 'Hook', text: 'One two three four.' }] } } });
  const details: StudioErrorEvent['detail'][] = [];
  context.addEventListener('studio-error', (event) => details.push(event.detail));
  const panel = document.createElement(path.tag);
  context.append(panel);
  await (panel as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  return { panel, details };
}

describe('errors shown in the editor (issue 15)', () => {
  afterEach(() => sinon.restore());

  for (const locale of ['en', 'fr'] as const) {
    for (const path of PATHS) {
      it(`${locale}: ${path.name}: every failure speaks to the user, offers Retry where it helps, and takes focus`, async () => {
        const warn = sinon.stub(console, 'warn');
        const scroll = sinon.spy(Element.prototype, 'scrollIntoView');
        const retryLabel = createTranslator(locale, {}, CATALOGUES[locale])('error.retry');
        for (const failure of FAILURES) {
          const error = await failure.make();
          const { panel, details } = await mount(path, error, locale);
          path.trigger(panel);
          await waitUntil(() => panel.shadowRoot!.querySelector('[role=alert]'), `${failure.name}: no alert`);
          const alert = panel.shadowRoot!.querySelector<HTMLElement>('[role=alert]')!;
          const text = alert.querySelector('[part=error-text]')!.textContent!.trim();
          const where = `${locale} ${path.name} ${failure.name}: “${text}”`;
          expect(INTEGRATOR_WORDS.test(text), where).to.equal(false);
          expect(DOUBLED_PUNCTUATION.test(text), where).to.equal(false);
          expect(SMALL_SENTENCE_START.test(text), where).to.equal(false);
          expect(/^[A-ZÀ-Ý]/.test(text), where).to.equal(true);
          const retry = alert.querySelector('button');
          expect(retry?.textContent?.trim() === retryLabel, `${where}: Retry`).to.equal(failure.retry || path.tag === 'studio-editor-voice-panel' || path.tag === 'studio-editor-music-panel');
          await waitUntil(() => panel.shadowRoot!.activeElement === alert, `${where}: not focused`);
          expect(alert.tabIndex).to.equal(-1);
          expect(scroll.calledOn(alert)).to.equal(true);
          expect(scroll.lastCall.args[0]).to.deep.equal({ block: 'nearest' });
          // The developer still gets the whole story, once in the console and in studio-error's detail.
          expect(details.map((detail) => detail.message), where).to.deep.equal([error.message]);
          expect(warn.args.some((args) => String(args[0]).includes(error.message)), where).to.equal(true);
          panel.parentElement!.remove();
        }
      });
    }
  }

  it('Retry runs the failed job again, and a second success clears the error', async () => {
    const recommendFromUrl = sinon.stub();
    recommendFromUrl.onFirstCall().rejects(new StudioApiError('job-failed', 'Recommendation failed. Change the request and try again.', { recoverable: true }));
    recommendFromUrl.onSecondCall().resolves({ recommendations: [] });
    sinon.stub(console, 'warn');
    const { panel } = await mount({ ...PATHS[0]!, client: () => ({ pendingJobs: sinon.stub().resolves([]), recommendFromUrl }) }, new Error('x'), 'en');
    PATHS[0]!.trigger(panel);
    await waitUntil(() => panel.shadowRoot!.querySelector('[role=alert] button'));
    expect(panel.shadowRoot!.querySelector('[part=error-text]')!.textContent).to.equal(
      'The recommendation did not finish. The service could not finish this job. Try again; if it keeps failing, change the text or contact the site.',
    );
    panel.shadowRoot!.querySelector<HTMLButtonElement>('[role=alert] button')!.click();
    await waitUntil(() => recommendFromUrl.callCount === 2 && panel.shadowRoot!.querySelector('[role=alert]') === null);
    expect(recommendFromUrl.secondCall.args[0]).to.deep.equal(recommendFromUrl.firstCall.args[0]);
  });
});
