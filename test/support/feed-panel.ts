// The Feed panel in a real store with a template (a {{product_name}} and {{price}} Body, a locked Call to
// action), a 6-row CSV (row 3 without a price, row 5's product name over its slot's 30 characters) and a sinon
// stub FeedRunner whose delivery waits for the test.
import { fixture, html } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import sinon from 'sinon';
import '../../src/components/studio-feed-panel/studio-feed-panel.js';
import type { StudioFeedPanel } from '../../src/components/studio-feed-panel/studio-feed-panel.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import { createTranslator, type Translate } from '../../src/i18n/translate.js';
import type { ProjectSection } from '../../src/model/document.js';
import type { DeliverFeedOptions, FeedDeliverResult, FeedRowOutcome, FeedRunner } from '../../src/session/feed-run.js';
import type { TestEditorContext } from './editor-context.js';
import './editor-context.js';
import { wav16 } from './wav.js';
import { reason, saidAs } from '../../src/rules/said.js';

/** SKU-4's first reason, as the run words it in English. */
export const SPEECH_PAST = "Its speech ends at 31.4 s, past the ad's 30 s, read at 1.1x (at most 1.1x): shorten its values or the script.";

export const TEMPLATE: ProjectSection[] = [
  { id: 'hook', label: 'Hook', text: 'Spring is here.' },
  { id: 'body', label: 'Body', text: 'The {{product_name}} is now only {{price}} dollars.' },
  { id: 'cta', label: 'Call to action', text: 'Visit our store today.', locked: true, lockReason: 'Legal' },
];

export const LONG_NAME = 'The extraordinarily light trail running shoe, pro edition';

export const CSV = [
  'id,product_name,price',
  'SKU-1,Trail runner shoes,59.99',
  'SKU-2,Wool socks,9.99',
  'SKU-3,Hiking jacket,',
  'SKU-4,Water bottle,12.50',
  `SKU-5,"${LONG_NAME}",129.00`,
  'SKU-6,Camping stove,45.00',
].join('\n');

/** The keys of the rows without a problem. */
export const GOOD_KEYS = ['SKU-1', 'SKU-2', 'SKU-4', 'SKU-6'];

/** A CSV of `rows` rows that check alike (no problem). */
export const bigCsv = (rows: number, problemEvery = 0): string =>
  ['id,product_name,price', ...Array.from({ length: rows }, (_, i) => `P-${i + 1},Product ${i + 1},${problemEvery > 0 && (i + 1) % problemEvery === 0 ? '' : `${i + 1}.99`}`)].join('\n');

/** A WAV of silence, as a row's preview. */
export const silentWav = (): Blob => new Blob([wav16([new Float32Array(400)], 8000)], { type: 'audio/wav' });

/** The keys of the rows with problems in the tests' feeds (the 6-row CSV's rows 3 and 5, the keyboard test's K-2). */
const ROWS_WITH_PROBLEMS = new Set(['SKU-3', 'SKU-5', 'K-2']);

/** A run's outcome: every asked row delivered but SKU-4, which failed with two reasons, and SKU-3 and SKU-5, listed with their problems. */
export function feedResult(options: DeliverFeedOptions): FeedDeliverResult {
  const rows: FeedRowOutcome[] = (options.rows ?? []).map((key, index) => {
    // The fixtures' rows with problems (a missing price, a name too long): listed failed, not voiced; SKU-4 fails its run.
    const problem = ROWS_WITH_PROBLEMS.has(key);
    const failed = key === 'SKU-4' || problem;
    return {
      key,
      row: Number(key.replace(/\D/g, '')) || index + 1,
      values: {},
      status: failed ? 'failed' : 'delivered',
      reasons: problem ? ["The row's problem"] : failed ? [SPEECH_PAST, 'Loudness: -19.2 LUFS, asked -14 ±1 LUFS'] : [],
      assets: [],
      files: failed ? [] : [`${key}/${key}_streaming.mp3`, `${key}/${key}_client-approval.wav`],
      wordsPerSecond: failed ? null : 2.4,
    };
  });
  // SKU-4's reasons as the run gives them: its speech past the end in words of its own, its loudness in English only.
  const speech = saidAs('feed.says.speechPast', { end: 31.4, duration: 30, speed: 1.1, max: 1.1 });
  const reasons = new Map(rows.filter((row) => row.key === 'SKU-4').map((row) => [row.key, [reason(speech.message, speech.said), reason(row.reasons[1]!)]]));
  return {
    reasons,
    zip: new Blob([new Uint8Array(2048)]),
    fileName: 'spring_feed_delivery.zip',
    manifest: {
      schema: 'service-studio-editor/delivery-manifest@1', editorVersion: 'test', createdAt: '2026-11-27T00:00:00.000Z',
      project: { projectId: 'p', title: 'Spring', seconds: 30 },
      campaign: { advertiser: 'Acme', campaign: '', adId: '', isci: '', versionLabel: '' },
      files: [], excluded: [], stems: [], assets: [], credits: null,
      feed: { key: 'id', rows, takes: { voiced: 5, reused: 8 } },
    },
  };
}

/** A stub runner: a preview answers at once; a delivery reports two steps, then waits for `finish()` or its signal. */
export function stubRunner() {
  let finish: () => void = () => undefined;
  const runner = {
    previewRow: sinon.stub<Parameters<FeedRunner['previewRow']>, ReturnType<FeedRunner['previewRow']>>().callsFake(async (key) => ({ key, wav: silentWav(), seconds: 0.05, voiced: 1, reused: 3 })),
    price: sinon.stub<Parameters<FeedRunner['price']>, ReturnType<FeedRunner['price']>>().resolves({ credits: 12, most: 12 }),
    deliverFeed: sinon.stub<Parameters<FeedRunner['deliverFeed']>, ReturnType<FeedRunner['deliverFeed']>>().callsFake(
      (options) =>
        new Promise<FeedDeliverResult>((resolve, reject) => {
          const total = options.rows?.length ?? 0;
          options.onProgress?.({ row: options.rows?.[0] ?? '', stage: 'voice', done: 0, total });
          options.onProgress?.({ row: options.rows?.[1] ?? '', stage: 'encode', done: 1, total });
          finish = () => resolve(feedResult(options));
          options.signal?.addEventListener('abort', () => reject(options.signal!.reason));
        }),
    ),
  };
  return { runner: runner satisfies FeedRunner, finish: () => finish() };
}

/** Mounts the panel (English unless `t`) on the template, with `runner` (none: `null`). */
export async function mountFeedPanel(options: { runner?: FeedRunner | null; t?: Translate; maxFitSpeed?: number } = {}) {
  const stub = stubRunner();
  const runner = options.runner === null ? undefined : (options.runner ?? stub.runner);
  const context = await fixture<TestEditorContext>(html`<test-editor-context .t=${options.t ?? createTranslator('en')}>
    <studio-editor-feed-panel .destinations=${BUILTIN_DESTINATIONS} .runner=${runner} .maxFitSpeed=${options.maxFitSpeed ?? 1.2}></studio-editor-feed-panel>
  </test-editor-context>`);
  const { store } = context;
  store.dispatch({ type: 'script/set-sections', sections: TEMPLATE });
  store.dispatch({ type: 'slot/set', slot: { name: 'product_name', sample: 'Trail runner shoes', maxLength: 30 } });
  store.dispatch({ type: 'slot/set', slot: { name: 'price', sample: '59.99' } });
  const panel = context.querySelector('studio-editor-feed-panel') as StudioFeedPanel;
  await panel.updateComplete;
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) => panel.shadowRoot!.querySelector<T>(selector);
  const $$ = <T extends HTMLElement = HTMLElement>(selector: string) => [...panel.shadowRoot!.querySelectorAll<T>(selector)];
  /** Lets timers (the background check, the file's text) and the renders they cause run. */
  const settle = async (rounds = 3) => {
    for (let i = 0; i < rounds; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await panel.updateComplete;
    }
  };
  /** Waits until every row is checked (in the background, a slice at a time): the summary counts them. */
  const checked = async () => {
    // The render that starts the check again, first: it says "Checking the rows" until every row is.
    await panel.updateComplete;
    await waitUntil(() => /^\d[\d,.]* /.test($('#feed-summary')?.textContent ?? ''), 'every row checked', { timeout: 5000 });
    await settle();
  };
  /** Waits until an import is over: refused, waiting to replace the feed, or shown with every row checked. */
  const imported = async () => {
    await settle();
    await waitUntil(() => $('[part=import-problems]') !== null || $('[part=confirm]') !== null || /^\d[\d,.]* /.test($('#feed-summary')?.textContent ?? ''), 'the import over', { timeout: 5000 });
    await settle();
  };
  /** Chooses a file in the file input, as a person would. */
  const chooseFile = async (text: string, name = 'rows.csv') => {
    const input = $<HTMLInputElement>('#feed-file')!;
    const files = new DataTransfer();
    files.items.add(new File([text], name, { type: name.endsWith('.json') ? 'application/json' : 'text/csv' }));
    input.files = files.files;
    // The panel reads the file's text (a promise): once it has, the import is one render away.
    const read = sinon.spy(File.prototype, 'text');
    input.dispatchEvent(new Event('change', { bubbles: true }));
    read.restore();
    await Promise.all(read.returnValues);
    await imported();
  };
  const pasteAndImport = async (text: string) => {
    const area = $<HTMLTextAreaElement>('#feed-paste')!;
    area.value = text;
    area.dispatchEvent(new Event('input'));
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=import-button]')!.click();
    await imported();
  };
  /** The text of the grid's row `n` (counted from 1), cell by cell, spaces made one. */
  // A row's cells' words, without its card's Play button (the same words in every row).
  const rowText = (n: number) => [...($(`tr[data-row="${n}"]`)?.children ?? [])].map((cell) => [...cell.childNodes].filter((node) => node instanceof Text || (node instanceof Element && !(node instanceof HTMLButtonElement))).map((node) => node.textContent).join('').replace(/\s+/g, ' ').trim()).join(' | ');
  return { context, panel, store, runner: stub.runner, finish: stub.finish, $, $$, settle, checked, chooseFile, pasteAndImport, rowText };
}
