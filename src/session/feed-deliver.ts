// A feed delivered: each row of the project's feed made an ad (its slots filled, voiced where it differs from
// the template, fitted, laid out) and delivered through the Deliver pipeline to each destination, in each
// version asked for; one ZIP with a folder per row, the manifest listing every row (delivered or failed, with
// its reasons) and the report. Also a row heard (the Feed panel's dynamic player) and the price of a run.
import { expandRenditions } from '../delivery/renditions.js';
import type { DeliveryResult } from '../audio/deliver/deliver.js';
import type { AudioEngine } from '../audio/engine.js';
import type { ServiceClient } from '../api/client.js';
import { estimateCredits } from '../api/contract.js';
import type { ResolvedConfig } from '../config/types.js';
import { deliveryFileName, destinationFileName, portableText, versionedTemplate } from '../delivery/file-name.js';
import { buildManifest } from '../delivery/manifest.js';
import type { DeliveredFile, DeliveryManifest, DestinationProfile, FeedManifestPart, FeedRowOutcome, VastManifestEntry } from '../delivery/types.js';
import type { VastSettings } from '../delivery/vast.js';
import { StudioError } from '../errors.js';
import { StudioDeliverEvent } from '../events/studio-deliver.js';
import { rowSlotValues } from '../feed/mapping.js';
import type { Feed } from '../feed/types.js';
import type { ServiceAction } from '../model/actions.js';
import { creditsOf } from '../model/credits.js';
import type { ProjectDocument } from '../model/document.js';
import { versionCampaign, versionView } from '../model/versions.js';
import { countSpokenWords } from '../script/estimate.js';
import { feedChecker, projectCheckInput, type FeedRowCheck } from '../script/feed-check.js';
import { VERSION } from '../version.js';
import { finishZip, nameValues, reviewOfVersion, versionNameLabels } from './deliver-pack.js';
import { vastDocuments, vastSettingsOf, xmlBlob } from './deliver-vast.js';
import { chosenDestinations, chosenVersions, readyToDeliver, refuseUnapproved, type DeliverHost } from './editor-deliver.js';
import { planRow, rowRequests, voiceRow, type RowAd, type RowContext } from './feed-row.js';
import type { DeliverFeedOptions, FeedDeliverResult, FeedRowPreview, FeedRunner } from './feed-run.js';
import { FeedTakes } from './feed-takes.js';

/** Rows voiced ahead of the one being rendered (their voice-overs wait their turn, at most 4 at once). */
const ROWS_AHEAD = 3;

/** What the editor gives its feed runs: what a delivery reads, the service client and the store. */
export interface FeedEditor extends DeliverHost {
  /** The service client; undefined before the editor started. */
  client(): ServiceClient | undefined;
  /** Records a service fact (the usage of each voice-over). */
  dispatchAction(action: ServiceAction): void;
}

/**
 * The editor's feed runs: a row heard, the price of a run, every row delivered, sharing one take cache per
 * client and project (a row heard is not paid for again when delivered; a new project starts afresh).
 */
export function editorFeedRunner(editor: FeedEditor): FeedRunner {
  let cache: { readonly takes: FeedTakes; readonly client: ServiceClient; readonly projectId: string } | undefined;
  const takes = (): FeedTakes => {
    const client = editor.client();
    if (client === undefined) throw new StudioError('not-ready', 'The editor has not started: give it a valid config and add it to the page first.');
    const projectId = editor.project().project_id;
    if (cache?.client !== client || cache.projectId !== projectId) cache = { takes: new FeedTakes({ client, projectId: () => projectId, dispatch: (action) => editor.dispatchAction(action) }), client, projectId };
    return cache.takes;
  };
  const host: FeedHost = { ...editor, takes };
  return {
    previewRow: (key, options) => previewFeedRow(host, key, options?.signal),
    price: (rows) => feedPrice(host, rows),
    deliverFeed: (options) => deliverFeed(host, options),
  };
}

/** What a feed's run reads of the editor, besides what a delivery reads. */
export interface FeedHost extends DeliverHost {
  /** The service client; undefined before the editor started. */
  client(): ServiceClient | undefined;
  /** The editor's take cache (one for its life). */
  takes(): FeedTakes;
}

/** The project's feed with a key column, or a refusal that says what to do. */
function keyedFeed(project: ProjectDocument): Feed & { readonly key: string } {
  const feed = project.feed;
  if (feed === null || feed.rows.length === 0) throw new StudioError('feed-none', 'The project has no feed: import a CSV or JSON file in the Feed step first.', { recoverable: true });
  if (feed.key === null) throw new StudioError('feed-key', 'The feed has no key column: choose the column that names each row (its folder and file names) in the Feed step.', { recoverable: true });
  return feed as Feed & { readonly key: string };
}

/** The row context and checker of version `id` of `project`. */
function versionRows(project: ProjectDocument, id: string, config: ResolvedConfig) {
  const template = versionView(project, id);
  const input = projectCheckInput(template, config.vocal.maxFitSpeed)!;
  const checker = feedChecker(input);
  if (checker.template.length > 0) {
    throw new StudioError('feed-template', `The script's slots are malformed: ${checker.template.map((problem) => problem.message).join('; ')}.`, { recoverable: true });
  }
  const context: RowContext = { template, feed: template.feed!, slots: template.slots, brand: config.vocal.pronunciations, maxFitSpeed: config.vocal.maxFitSpeed };
  return { id, template, context, checker };
}

type VersionRows = ReturnType<typeof versionRows>;

/** The problems of a row's check that keep it from being delivered, in words with their column. */
const blocking = (check: FeedRowCheck): string[] =>
  check.problems.filter((problem) => problem.severity === 'problem').map((problem) => (problem.column === null ? problem.message : `${problem.column}: ${problem.message}`));

/**
 * Row `index` of one version as an ad: read at the speed its estimate needs; when its takes still run past the
 * end, read once more at the speed they show it needs, if that is within `maxFitSpeed`. Past it, the ad with
 * its problems (it is not rushed).
 */
async function rowAd(rows: VersionRows, index: number, takes: FeedTakes, signal: AbortSignal | undefined): Promise<RowAd> {
  const { context, template, checker } = rows;
  const check = checker.row(index);
  const first = planRow(context, index, check.length?.speed ?? template.voice.speed);
  const ad = await voiceRow(context, first, takes, signal);
  const start = ad.view.clips.reduce((least, clip) => Math.min(least, clip.start), Infinity);
  if (ad.speechEnd <= template.duration + 0.001 || !Number.isFinite(start) || first.speed >= context.maxFitSpeed) return ad;
  const needed = first.speed * ((ad.speechEnd - start) / Math.max(0.1, template.duration - start - 0.05));
  if (needed > context.maxFitSpeed + 1e-9) return ad;
  return voiceRow(context, planRow(context, index, needed), takes, signal);
}

/** Why a voice-over of a row failed, in words (never the token: `StudioError` messages carry none). */
const failureText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A file's failed rules (or the reason it could not be made), in words. */
function fileReasons(result: DeliveryResult): string[] {
  const rules = result.files.flatMap((file) =>
    file.rules.filter((rule) => !rule.pass).map((rule) => `${file.destination.label}: ${rule.rule} ${Number.isFinite(rule.measured) ? Math.round(rule.measured * 100) / 100 : rule.measured} (needs ${rule.required})${rule.fix ? `: ${rule.fix}` : ''}`),
  );
  const failures = result.failures.map((failure) => `${failure.fileName}: ${failure.error.message}`);
  return [...rules, ...failures];
}

/** What the run of a row made: its outcome for the manifest, and its files as the manifest lists them. */
interface RowMade {
  readonly outcome: FeedRowOutcome;
  readonly files: readonly DeliveredFile[];
  readonly excluded: readonly DeliveredFile[];
  /** The row's VAST documents, one per VAST destination and version. */
  readonly vast: readonly VastManifestEntry[];
}

/**
 * Delivers the project's feed (`options.rows`, or every row without a problem) to its chosen destinations (or
 * `options.destinations`) in the open version (or `options.versions`). Rows are voiced up to `ROWS_AHEAD` ahead of
 * the one rendered, at most 4 voice-overs at once, takes cached; each row's files go into the ZIP as they are
 * made, in a folder named by its key, and nothing of a finished row is kept but its figures. A row that cannot
 * be voiced, fitted or delivered is listed with its reasons; with none delivered the run is refused. Aborted, it
 * rejects with the signal's reason and keeps nothing.
 */
export async function deliverFeed(host: FeedHost, options: DeliverFeedOptions): Promise<FeedDeliverResult> {
  const { config, engine } = await readyToDeliver(host);
  const project = host.project();
  const feed = keyedFeed(project);
  const chosenProfiles = chosenDestinations(config, options.destinations ?? project.delivery.destinations);
  const vast = vastSettingsOf(chosenProfiles, options.vast);
  const destinations = expandRenditions(chosenProfiles);
  const versionIds = chosenVersions(project, options.versions ?? [project.openVersion]);
  // The approval of a feed is its template's: each version as approved, every row a fill of it.
  refuseUnapproved(project, versionIds, config.review.require);
  const versions = versionIds.map((id) => versionRows(project, id, config));
  const keyAt = feed.columns.indexOf(feed.key);
  const keyOf = (index: number) => feed.rows[index]![keyAt]!;
  const chosen = chosenRows(feed, keyOf, versions[0]!, options.rows);
  const takes = host.takes();
  const { signal } = options;
  const many = versionIds.length > 1;
  const labels = versionNameLabels(project, versionIds);
  const createdAt = new Date();
  const { openDeliveryZip } = await import('../audio/deliver/zip.js');
  const zip = openDeliveryZip({ signal });
  const made: RowMade[] = [];
  const total = chosen.length;
  const counts = { voiced: 0, reused: 0 };
  const progress = (row: string, stage: Parameters<NonNullable<DeliverFeedOptions['onProgress']>>[0]['stage']) => options.onProgress?.({ row, stage, done: made.length, total });

  // Each row's ads, one per version, or why it has none: started ROWS_AHEAD ahead of the row being rendered.
  const prepared = new Map<number, Promise<RowAd[] | string[]>>();
  const prepare = (at: number): void => {
    const entry = chosen[at];
    if (entry === undefined || prepared.has(at)) return;
    const work = (async (): Promise<RowAd[] | string[]> => {
      if (entry.reasons.length > 0) return [...entry.reasons];
      try {
        return await Promise.all(versions.map((rows) => rowAd(rows, entry.index, takes, signal)));
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        return [`A voice-over failed: ${failureText(error)}`];
      }
    })();
    work.catch(() => undefined);
    prepared.set(at, work);
  };

  try {
    for (let at = 0; at < chosen.length; at++) {
      for (let ahead = at; ahead <= at + ROWS_AHEAD; ahead++) prepare(ahead);
      const entry = chosen[at]!;
      const key = keyOf(entry.index);
      progress(key, 'voice');
      const ads = await prepared.get(at)!;
      prepared.delete(at);
      signal?.throwIfAborted();
      for (const ad of ads) {
        if (typeof ad === 'string') continue;
        counts.voiced += ad.voiced;
        counts.reused += ad.reused;
      }
      made.push(await deliverRow({ engine, destinations, vast, versions, labels, many, createdAt, zip, signal, project }, entry.index, key, ads, (stage) => progress(key, stage)));
      progress(key, made.at(-1)!.outcome.status === 'delivered' ? 'done' : 'failed');
    }
    if (!made.some((row) => row.outcome.status === 'delivered')) {
      const reasons = made.slice(0, 5).map((row) => `${row.outcome.key}: ${row.outcome.reasons[0] ?? 'failed'}`);
      throw new StudioError('deliver-failed', `No row could be delivered: ${reasons.join('; ')}${made.length > 5 ? `; and ${made.length - 5} more` : ''}.`, { recoverable: true });
    }
  } catch (error) {
    zip.abort();
    if (error instanceof StudioError && !signal?.aborted) host.emitError(error);
    throw error;
  }
  const part: FeedManifestPart = {
    key: feed.key,
    rows: [...made.map((row) => row.outcome)].sort((a, b) => (a.status === b.status ? a.row - b.row : a.status === 'failed' ? -1 : 1)),
    takes: counts,
  };
  const open = versions.find((rows) => rows.id === project.openVersion) ?? versions[0]!;
  const manifest = buildManifest({
    project: { projectId: project.project_id, title: project.title, seconds: open.template.duration },
    campaign: versionCampaign(project, open.id),
    versions: versions.map(({ id, template }) => {
      const campaign = versionCampaign(project, id);
      return { id, label: campaign.versionLabel, seconds: template.duration, adId: campaign.adId, isci: campaign.isci, ...reviewOfVersion(project, id) };
    }),
    files: made.flatMap((row) => row.files),
    excluded: made.flatMap((row) => row.excluded),
    stems: [],
    assets: project.assets,
    credits: creditsOf(project.usage).used ?? null,
    feed: part,
    vast: made.flatMap((row) => row.vast),
    editorVersion: VERSION,
    createdAt,
  }) as DeliveryManifest & { readonly feed: FeedManifestPart };
  const blob = await finishZip(zip, manifest, project);
  signal?.throwIfAborted();
  const fileName = deliveryFileName('{advertiser}_{title}_{date}_feed', nameValues(open.template, versionCampaign(project, open.id), createdAt), 'zip');
  host.dispatch(new StudioDeliverEvent({ manifest, zip: blob, fileName }));
  return { zip: blob, fileName, manifest };
}

/** A row of the run: its index, and why it is not delivered when its check says so. */
interface ChosenRow {
  readonly index: number;
  readonly reasons: readonly string[];
}

/**
 * The rows of a run: those `keys` names (unknown keys refused), each with the problems its check finds; without
 * `keys`, every row, those with problems listed as failed with them (so no row is dropped silently).
 */
function chosenRows(feed: Feed, keyOf: (index: number) => string, rows: VersionRows, keys: readonly string[] | undefined): ChosenRow[] {
  const all = feed.rows.map((_, index) => ({ index, reasons: blocking(rows.checker.row(index)) }));
  if (keys === undefined) return all;
  const byKey = new Map(all.map((row) => [keyOf(row.index), row]));
  const unknown = keys.filter((key) => !byKey.has(key));
  if (unknown.length > 0) throw new StudioError('feed-row', `No row with the key ${unknown.slice(0, 5).map((key) => JSON.stringify(key)).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''} in the feed's ${JSON.stringify(feed.key)} column.`);
  const chosen = [...new Set(keys)].map((key) => byKey.get(key)!);
  if (chosen.length === 0) throw new StudioError('deliver-none', 'No row to deliver: pass rows, or leave them out to deliver every row without a problem.', { recoverable: true });
  return chosen;
}

/** What rendering a row needs. */
interface RowRun {
  readonly engine: AudioEngine;
  readonly destinations: readonly DestinationProfile[];
  /** The settings of each VAST destination of the run. */
  readonly vast: ReadonlyMap<string, VastSettings>;
  readonly versions: readonly VersionRows[];
  readonly labels: ReadonlyMap<string, string>;
  readonly many: boolean;
  readonly createdAt: Date;
  readonly zip: { add(name: string, data: Blob): void };
  readonly signal: AbortSignal | undefined;
  readonly project: ProjectDocument;
}

/** Delivers row `index` (its `ads`, one per version, or the reasons it has none): its files into its folder. */
async function deliverRow(run: RowRun, index: number, key: string, ads: RowAd[] | string[], onStage: (stage: 'render' | 'master' | 'encode' | 'measure' | 'pack') => void): Promise<RowMade> {
  const folder = portableText(key);
  const base = { key, row: index + 1, values: Object.fromEntries(rowSlotValues(run.versions[0]!.context.feed, index)) };
  if (typeof ads[0] === 'string' || ads.length === 0) return { outcome: { ...base, status: 'failed', reasons: ads as string[], assets: [], files: [], wordsPerSecond: null }, files: [], excluded: [], vast: [] };
  const rowAds = ads as RowAd[];
  const reasons = rowAds.flatMap((ad, at) => ad.problems.map((problem) => (run.many ? `${run.versions[at]!.id}: ${problem}` : problem)));
  const assets = rowAds.flatMap((ad) => ad.assets);
  const speeds = rowAds.map((ad) => ad.wordsPerSecond).filter((value): value is number => value !== null);
  const wordsPerSecond = speeds.length === 0 ? null : Math.max(...speeds);
  if (reasons.length > 0) return { outcome: { ...base, status: 'failed', reasons, assets, files: [], wordsPerSecond }, files: [], excluded: [], vast: [] };
  const files: DeliveredFile[] = [];
  const excluded: DeliveredFile[] = [];
  const vast: VastManifestEntry[] = [];
  const names: string[] = [];
  const taken = new Set<string>();
  for (const [at, ad] of rowAds.entries()) {
    const { id } = run.versions[at]!;
    const campaign = versionCampaign(run.project, id);
    const nameCampaign = { ...campaign, versionLabel: run.labels.get(id)! };
    const facts = { title: ad.view.title, seconds: ad.view.duration, campaign: nameCampaign, date: run.createdAt };
    const result = await run.engine.deliver(ad.view, {
      destinations: run.destinations,
      campaign,
      stems: false,
      signal: run.signal,
      date: run.createdAt,
      fileName: (destination) => {
        const template = `${folder}_${run.many ? versionedTemplate(destination.fileName) : destination.fileName}`;
        const name = destinationFileName({ ...destination, fileName: template }, facts, taken);
        taken.add(name);
        return name;
      },
      sink: { add: (name, blob) => (names.push(`${folder}/${name}`), run.zip.add(`${folder}/${name}`, blob)) },
      onProgress: ({ stage }) => {
        if (stage !== 'failed' && stage !== 'done') onStage(stage);
      },
    });
    for (const file of result.files) {
      const listed: DeliveredFile = { fileName: file.fileName, destination: file.destination, figures: file.figures, rules: file.rules, pass: file.pass, version: id, row: key };
      (file.pass ? files : excluded).push(listed);
    }
    const place = { folder: `${folder}/`, version: id, row: key, title: `${ad.view.title} (${key}): ${nameCampaign.versionLabel || `:${Math.round(ad.view.duration)}`}`, adId: campaign.adId, manyVersions: run.many };
    const paths = result.files.map((file) => ({ path: `${folder}/${file.fileName}`, destination: file.destination, figures: file.figures, inZip: file.pass }));
    for (const document of vastDocuments(run.vast, paths, place)) {
      if (document.xml !== undefined) {
        names.push(document.path);
        run.zip.add(document.path, xmlBlob(document.xml));
      }
      vast.push(document.entry);
      reasons.push(...document.entry.problems.map((problem) => `${document.path}: ${problem}`));
    }
    reasons.push(...fileReasons(result).map((reason) => (run.many ? `${id}: ${reason}` : reason)));
  }
  return { outcome: { ...base, status: reasons.length === 0 ? 'delivered' : 'failed', reasons, assets, files: names, wordsPerSecond }, files, excluded, vast };
}

/** Row `key`'s index in the feed, or a refusal naming the key. */
function rowIndex(feed: Feed & { readonly key: string }, key: string): number {
  const at = feed.columns.indexOf(feed.key);
  const index = feed.rows.findIndex((row) => row[at] === key);
  if (index < 0) throw new StudioError('feed-row', `No row with the key ${JSON.stringify(key)} in the feed's ${JSON.stringify(feed.key)} column.`);
  return index;
}

/**
 * Row `key` heard: voiced (only what differs from the template's takes, cached), fitted as a delivery would, and
 * rendered to a WAV of the open version with the project's mastering. Refused, with the row's problems in words,
 * when its check or its takes say it cannot be delivered.
 */
export async function previewFeedRow(host: FeedHost, key: string, signal?: AbortSignal): Promise<FeedRowPreview> {
  const config = host.config();
  const engine = await host.engine();
  if (engine === undefined || config === undefined) throw new StudioError('not-ready', 'The editor has not started: give it a valid config and add it to the page first.');
  const project = host.project();
  const feed = keyedFeed(project);
  const rows = versionRows(project, project.openVersion, config);
  const index = rowIndex(feed, key);
  const problems = blocking(rows.checker.row(index));
  if (problems.length > 0) throw new StudioError('feed-row', `Row ${JSON.stringify(key)} cannot be heard: ${problems.join('; ')}.`, { recoverable: true });
  const ad = await rowAd(rows, index, host.takes(), signal);
  if (ad.problems.length > 0) throw new StudioError('feed-row', `Row ${JSON.stringify(key)}: ${ad.problems.join(' ')}`, { recoverable: true });
  const exported = await engine.export(ad.view, { format: 'wav16', signal });
  return { key, wav: exported.blob, seconds: ad.view.duration, voiced: ad.voiced, reused: ad.reused };
}

/**
 * The most a run of `keys` costs in credits: a voice-over of each take it needs that is neither the template's
 * nor made already (a row with a problem needs none) (each priced by its words, once however many rows share it), read at the speed each row's
 * estimate needs. `undefined` when the service states no price for voice-overs.
 */
export async function feedPrice(host: FeedHost, keys: readonly string[], versionIds?: readonly string[]): Promise<number | undefined> {
  const config = host.config();
  const rule = config === undefined ? undefined : (await host.client()?.pricing())?.operations.voiceover;
  if (rule === undefined || config === undefined) return undefined;
  const project = host.project();
  const feed = keyedFeed(project);
  const takes = host.takes();
  const counted = new Set<string>();
  let credits = 0;
  for (const id of chosenVersions(project, versionIds ?? [project.openVersion])) {
    const rows = versionRows(project, id, config);
    for (const key of keys) {
      const index = rowIndex(feed, key);
      const check = rows.checker.row(index);
      // A row with a problem is not voiced: it costs nothing.
      if (blocking(check).length > 0) continue;
      const plan = planRow(rows.context, index, check.length?.speed ?? rows.template.voice.speed);
      for (const { source } of rowRequests(rows.context, plan)) {
        const name = JSON.stringify(source);
        if (counted.has(name) || takes.has(source)) continue;
        counted.add(name);
        credits += estimateCredits(rule, { words: countSpokenWords(source.text) });
      }
    }
  }
  return credits;
}
