// A service shaped otherwise (issue 44), over HTTP: test/support/other-service/server.ts renames the emulator's
// fields, nests its results, moves some paths and has its own task states. With the adapters of
// test/fixtures/other-service-adapters.mjs the whole flow works through it (ideas, the ad made, a :15 made with New
// version, a delivery); with requests adapted but answers read as the editor assumes, each operation's error names
// the field it could not read; a broken adapter during "Make the ad" leaves the project as it was.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl, otherServiceUrl } from '/__studio-env.js';
import type { ApiOperation, OperationOverrides } from '../../src/api/contract.js';
import type { StudioApiError } from '../../src/api/api-error.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import type { StudioVersions } from '../../src/components/studio-versions/studio-versions.js';
import { create, type StudioHandle } from '../../src/create.js';
import adapters from '../fixtures/other-service-adapters.mjs';
import { cleanupMounts, mountPoint } from '../support/auth.js';
import { deepQuery } from '../support/deep-query.js';
import { makeAdOnEmulator } from '../support/made-ad.js';

const operations = adapters.operations as OperationOverrides;
/** A user token from the host's endpoint, as the editor gets it. */
const tokenFor = async (user: string) => ((await (await fetch('/host/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: user }) })).json()) as { token: string }).token;
const emulatorRequests = () => performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(`${apiBaseUrl as string}/v1/`)).length;

describe('A service shaped otherwise, through adapters (e2e)', () => {
  let handle: StudioHandle | undefined;
  afterEach(() => {
    handle?.destroy();
    handle = undefined;
    cleanupMounts();
  });

  const start = (user: string, ops: OperationOverrides | undefined) => {
    mountPoint('editor-other');
    return create({
      target: '#editor-other',
      auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      api: { baseUrl: otherServiceUrl as string, ...(ops === undefined ? {} : { operations: ops }) },
      project: { id: user, autosave: false, duration: 30 },
      layout: { height: '900px' },
    });
  };

  it('with the adapters: ideas, the ad made, a :15 from New version, and a delivery, all through the other service', async function () {
    this.timeout(240_000);
    performance.setResourceTimingBufferSize(10_000);
    const before = emulatorRequests();
    const user = `other-${crypto.randomUUID().slice(0, 8)}`;
    handle = await start(user, operations);
    const h = handle;
    await makeAdOnEmulator(h, user);
    const made = h.getProject();
    expect(made.clips.length).to.be.greaterThan(0);
    expect(made.clips.every((clip) => clip.url?.startsWith(`${otherServiceUrl as string}/v1/`))).to.equal(true);

    await customElements.whenDefined('studio-editor-versions');
    const bar = () => h.element.shadowRoot!.querySelector('studio-editor-versions') as StudioVersions;
    await waitUntil(() => bar()?.shadowRoot?.querySelector('[part=actions] button') != null, 'the versions bar');
    const $ = <T extends HTMLElement = HTMLElement>(selector: string) => bar().shadowRoot!.querySelector<T>(selector);
    $<HTMLButtonElement>('[part=actions] button')!.click();
    await bar().updateComplete;
    const fifteen = [...bar().shadowRoot!.querySelectorAll<HTMLLabelElement>('.lengths label')].find((label) => label.textContent!.trim() === ':15')!;
    fifteen.querySelector('input')!.click();
    await bar().updateComplete;
    $<HTMLButtonElement>('[part=form] button[type=submit]')!.click();
    await waitUntil(() => h.getProject().versions.length === 2 || $('[part=error]') !== null, 'the :15 made', { timeout: 90_000 });
    expect($('[part=error]')?.textContent ?? '').to.equal('');
    expect(h.getProject().duration).to.equal(15);

    const delivery = await h.deliver({ destinations: ['streaming'] });
    expect(delivery.manifest.files.length).to.be.greaterThan(0);
    expect(delivery.manifest.files.every((file) => file.pass), 'every file meets its sheet').to.equal(true);
    // Every service call went to the other service: none reached the emulator from the page.
    expect(emulatorRequests() - before).to.equal(0);
  });

  it('answers read as the editor assumes: each operation’s error names the operation and the field it could not read', async function () {
    const user = `other-raw-${crypto.randomUUID().slice(0, 8)}`;
    // The requests (and paths) adapted, the answers not: what a host sees before writing its `response` adapters.
    const requestsOnly = Object.fromEntries(
      Object.entries(operations).map(([name, override]) => {
        const { response: _dropped, ...rest } = override as { response?: unknown };
        return [name, rest];
      }),
    ) as OperationOverrides;
    handle = await start(user, requestsOnly);
    const h = handle;
    const fail = async (operation: ApiOperation, call: () => Promise<unknown>) => {
      const error = (await call().then(
        () => undefined,
        (e: unknown) => e,
      )) as StudioApiError | undefined;
      expect(error, operation).to.not.equal(undefined);
      return error!;
    };
    const voices = await fail('voices', () => h.api.voices());
    expect(voices.code).to.equal('contract');
    expect(voices.message).to.match(/^voices: result\.voices: expected an array, got undefined\./);
    const music = await fail('music', () => h.api.music());
    expect(music.message).to.match(/^music: result\.tracks: expected an array, got undefined\./);
    const format = await fail('format', () => h.api.format({ project_id: user, sections: [{ id: 's1', label: 'Hook', text: 'Fresh cold brew.' }], duration: 15 }));
    expect(format.message).to.match(/^format: result\.sections: expected an array, got undefined; result\.estimated_duration_s: expected a number of at least 0, got undefined/);
    // A job it started (202 with its own task document) is no job without the `response` that finds its poll link.
    const recommend = await fail('recommendUrl', () => h.api.recommendFromUrl({ project_id: user, url: 'https://acme-coffee.com/', duration: 30, max_recommendations: 1 }));
    expect(recommend.code).to.equal('bad-response');
    expect(recommend.message).to.contain('poll_url');
    const voiceover = await fail('voiceover', () => h.api.voiceover({ project_id: user, text: 'Fresh cold brew.', voice_id: 'en-us-ava' }));
    expect(voiceover.message).to.contain('poll_url');
    const generate = await fail('generate', () => h.api.generate({ project_id: user, recommendation_id: 'none' }));
    expect(generate.status ?? generate.code).to.not.equal(undefined);
    // A task's status read as the assumed job record: it has no `status`.
    const task = await fetch(`${otherServiceUrl as string}/v1/recommend/url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenFor(user)}` },
      body: JSON.stringify({ projectId: user, page: { url: 'https://acme-coffee.com/' }, targetSeconds: 30, count: 1 }),
    }).then((r) => r.json() as Promise<{ data: { task: { id: string } } }>);
    const job = await fail('job', () => h.api.job(task.data.task.id));
    expect(job.message).to.match(/^job: result\.status: expected a string, got undefined\./);

    // With no adapters at all, the service itself names what it misses.
    handle.destroy();
    cleanupMounts();
    handle = await start(`${user}-none`, undefined);
    const none = await fail('format', () => handle!.api.format({ project_id: user, sections: [], duration: 15 }));
    expect([none.code, none.status]).to.deep.equal(['not-found', 404]);
    const missing = await fail('recommendUrl', () => handle!.api.recommendFromUrl({ project_id: user, url: 'https://acme-coffee.com/', duration: 30, max_recommendations: 1 }));
    expect([missing.code, missing.status]).to.deep.equal(['bad-request', 422]);
    expect(missing.message).to.contain('projectId is required');
  });

  it('a broken adapter during Make the ad: a contract error, and the project as it was', async function () {
    const user = `other-broken-${crypto.randomUUID().slice(0, 8)}`;
    const broken: OperationOverrides = { ...operations, generate: { ...operations.generate, response: () => ({ asset: { url: 'not a url' }, voiceovers: [] }) as never } };
    handle = await start(user, broken);
    const h = handle;
    const { recommendations } = await h.api.recommendFromUrl({ project_id: user, url: 'https://acme-coffee.com/products/cold-brew-kit', duration: 30, max_recommendations: 1 });
    h.element.store.dispatch({ type: 'recommendations/received', recommendations });
    const before = JSON.stringify(h.getProject());
    const errors: Array<{ code: string; message: string }> = [];
    h.element.addEventListener('studio-error', (event) => errors.push(event.detail));
    const makeButton = () => deepQuery(h.element.shadowRoot!, 'studio-editor-recommendation-card')?.shadowRoot?.querySelector<HTMLButtonElement>('button.primary');
    await waitUntil(makeButton, 'the Make the ad button');
    makeButton()!.click();
    await waitUntil(() => errors.length > 0, 'the contract error', { timeout: 60_000 });
    expect(errors[0]!.code).to.equal('contract');
    expect(errors[0]!.message).to.match(/^generate: result\.asset\.asset_id: expected a string, got undefined; .*result\.asset\.url: expected an absolute http\(s\) URL, got a string of 9 characters/);
    expect(errors[0]!.message).to.contain('Fix api.operations.generate.response');
    expect(JSON.stringify(h.getProject())).to.equal(before);
  });
});
