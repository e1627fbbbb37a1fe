// The request that starts a job, against the emulator over HTTP: a 429 is waited out (the panel says "Retrying in
// 1 s"), an answer lost after the job was started (500) is retried with the same Idempotency-Key, and the service
// keeps one job, charged once.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
// @ts-expect-error: a virtual module served by scripts/lib/emulator-plugin.mjs
import { apiBaseUrl, emulatorAdmin } from '/__studio-env.js';
import { endpointAuth } from '../../src/auth/endpoint-auth.js';
import { create, type StudioHandle } from '../../src/create.js';
import type { StudioJobProgressDetail } from '../../src/events/studio-job-progress.js';
import { cleanupMounts, mountPoint } from '../support/auth.js';

const shadow = (root: Element | null | undefined, selector: string): Element | null => root?.shadowRoot?.querySelector(selector) ?? null;

async function faults(body: object): Promise<void> {
  const response = await fetch(`${emulatorAdmin as string}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).to.equal(200);
}

describe('job starts against the emulator (e2e)', () => {
  let handle: StudioHandle | undefined;
  let userId: string;

  beforeEach(() => {
    userId = `start-${Math.random().toString(36).slice(2)}`;
    mountPoint('editor');
  });
  afterEach(async () => {
    handle?.destroy();
    handle = undefined;
    sinon.restore();
    cleanupMounts();
    await faults({ rateLimited: 0, lostAnswers: 0, scope: null });
  });

  it('a 429 then a lost answer: the panel shows "Retrying in 1 s", one job results, charged once', async function () {
    const starts: Array<{ status: number; key: string | null }> = [];
    const real = window.fetch.bind(window);
    sinon.stub(window, 'fetch').callsFake(async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await real(input, init);
      if (new URL(String(input), location.href).pathname === '/v1/recommend/url') starts.push({ status: response.status, key: new Headers(init?.headers).get('idempotency-key') });
      return response;
    });
    handle = await create({
      target: '#editor',
      api: { baseUrl: apiBaseUrl as string },
      auth: { userId, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
      project: { id: `project-${userId}`, duration: 30 },
    });
    const progress: StudioJobProgressDetail[] = [];
    handle.on('job-progress', (detail) => progress.push(detail));
    // The price list is read at start: the faults are for the job start that follows.
    await handle.api.pricing();
    await faults({ rateLimited: 1, lostAnswers: 1, retryAfterS: 1, scope: userId });

    const panel = handle.element.shadowRoot!.querySelector('studio-editor-recommend-panel')!;
    const form = shadow(panel, 'studio-editor-recommend-form')!;
    await waitUntil(() => shadow(form, '#url'), 'the form is shown');
    (shadow(form, '#url') as HTMLInputElement).focus();
    await sendKeys({ type: 'https://www.northwind-bikes.com/products/trail-runner-2' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(
      () => (shadow(shadow(panel, 'studio-editor-job-status'), '[role=status]')?.textContent ?? '').includes('Retrying in 1 s'),
      'the panel says when it tries again',
      { timeout: 10_000, interval: 20 },
    );
    await waitUntil(() => panel.shadowRoot!.querySelectorAll('studio-editor-recommendation-card').length > 0, 'the recommendations arrive', { timeout: 20_000 });

    expect(starts.map((s) => s.status)).to.deep.equal([429, 500, 202]);
    expect(new Set(starts.map((s) => s.key)).size).to.equal(1);
    expect(starts[0]!.key).to.be.a('string');
    const retrying = progress.filter((p) => p.state === 'retrying');
    expect(retrying.length).to.equal(2);
    expect(retrying[0]!.retryInMs).to.equal(1000);
  });

  it('through handle.api: the usage shows one charge after a lost answer', async () => {
    handle = await create({
      target: '#editor',
      api: { baseUrl: apiBaseUrl as string },
      auth: { userId, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) },
    });
    await handle.api.pricing();
    await faults({ lostAnswers: 1, scope: userId });
    const result = await handle.api.recommendFromUrl({ project_id: 'p-usage', url: 'https://www.northwind-bikes.com/x', duration: 30, max_recommendations: 2 });
    expect(result.usage?.credits_used).to.equal(2);
    expect(result.usage?.credits_remaining).to.equal(1000 - 2);
  });
});
