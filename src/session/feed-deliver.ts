// A feed delivered: each row of the project's feed made an ad (its slots filled, voiced where it differs from
// the template, fitted, laid out) and delivered through the Deliver pipeline to each destination, in each
// version asked for; one ZIP with a folder per row, the manifest listing every row (delivered or failed, with
// its reasons) and the report. Also a row heard (the Feed panel's dynamic player) and the price of a run.
import { expandRenditions } from '../delivery/renditions.js';
import type { ServiceClient } from '../api/client.js';
import { deliveryFileName } from '../delivery/file-name.js';
import { StudioError } from '../errors.js';
import { describe, quote } from '../internal/describe.js';
import { printable } from '../internal/printable.js';
import { StudioDeliverFailedError, StudioRowRefusedError } from './deliver-failed-error.js';
import { StudioDeliverEvent } from '../events/studio-deliver.js';
import type { Feed } from '../feed/types.js';
import type { ServiceAction } from '../model/actions.js';
import { versionCampaign } from '../model/versions.js';
import { finishZip, nameValues, versionNameLabels } from './deliver-pack.js';
import { vastSettingsOf } from './deliver-vast.js';
import { refuseFeedDuplicates } from './creative-identity.js';
import { chosenDestinations, chosenVersions, readyToDeliver, refuseUnapprovedBy, type DeliverHost } from './editor-deliver.js';
import { feedCalls } from './feed-price.js';
import { priceOf } from '../script/price.js';
import { blocking, blockingIn, deliverRow, keyedFeed, rowAd, rowIndex, versionNames, versionRows, voiceFeedRow, takesOf, type ChosenRow, type RowMade, type RowVoiced, type VersionRows } from './feed-row-deliver.js';
import { feedManifest } from './feed-manifest.js';
import type { DeliverFeedOptions, FeedDeliverResult, FeedPrice, FeedRowPreview, FeedRunner } from './feed-run.js';
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
    price: (rows, versions) => feedPrice(host, rows, versions),
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
  await refuseUnapprovedBy(config, project, versionIds);
  const versions = versionIds.map((id) => versionRows(project, id, config, chosenProfiles));
  const names = versionNames(project, versionIds);
  const keyAt = feed.columns.indexOf(feed.key);
  const keyOf = (index: number) => feed.rows[index]![keyAt]!;
  const chosen = chosenRows(feed, keyOf, versions, names, options.rows);
  // Each row in each version is a creative of its own: two that share an Ad-ID are refused before anything is voiced.
  refuseFeedDuplicates(project, feed, versionIds, chosen.map(({ index }) => ({ index, key: keyOf(index) })));
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
  // What the service reported for this run's own voice-overs: the report's credits, and the toolbar's change over
  // the run (a take heard before is not paid again, so not counted).
  const used: number[] = [];
  const stopCounting = takes.onUsage((usage) => used.push(Number(usage.credits_used) || 0));
  const progress = (row: string, stage: Parameters<NonNullable<DeliverFeedOptions['onProgress']>>[0]['stage']) => options.onProgress?.({ row, stage, done: made.length, total });

  // Each row's ads, one per version, or why it has none: started ROWS_AHEAD ahead of the row being rendered.
  const prepared = new Map<number, Promise<RowVoiced>>();
  const prepare = (at: number): void => {
    const entry = chosen[at];
    if (entry === undefined || prepared.has(at)) return;
    const work = voiceFeedRow(versions, entry, takes, signal);
    work.catch(() => undefined);
    prepared.set(at, work);
  };

  try {
    for (let at = 0; at < chosen.length; at++) {
      for (let ahead = at; ahead <= at + ROWS_AHEAD; ahead++) prepare(ahead);
      const entry = chosen[at]!;
      const key = keyOf(entry.index);
      progress(key, 'voice');
      const voiced = await prepared.get(at)!;
      prepared.delete(at);
      signal?.throwIfAborted();
      const takes = takesOf(voiced);
      counts.voiced += takes.voiced;
      counts.reused += takes.reused;
      made.push(await deliverRow({ engine, destinations, vast, versions, labels, names, many, createdAt, sink: zip, signal, project }, entry.index, key, voiced, (stage) => progress(key, stage)));
      progress(key, made.at(-1)!.outcome.status === 'delivered' ? 'done' : 'failed');
    }
    if (!made.some((row) => row.outcome.status === 'delivered')) {
      // A key and a reason are the feed's and the service's words: quoted escaped, one line each (studio-error,
      // on('error')); each without its own full stop, so that the sentence ends once.
      const reasons = made.slice(0, 5).map((row) => `${printable(row.outcome.key)}: ${printable((row.outcome.reasons[0] ?? 'failed').replace(/\.$/, ''))}`);
      throw new StudioDeliverFailedError(
        `No row could be delivered: ${reasons.join('; ')}${made.length > 5 ? `; and ${made.length - 5} more` : ''}.`,
        made.map((row) => ({ name: row.outcome.key, reasons: row.outcome.reasons, why: row.reasons })),
      );
    }
  } catch (error) {
    zip.abort();
    if (error instanceof StudioError && !signal?.aborted) host.emitError(error);
    throw error;
  } finally {
    stopCounting();
  }
  // Nothing voiced is nothing used; voiced with no usage reported, the figure is not known.
  const credits = used.length > 0 ? used.reduce((sum, value) => sum + value, 0) : counts.voiced === 0 ? 0 : null;
  const manifest = feedManifest({ project, key: feed.key, versions, made, takes: counts, createdAt, credits });
  const open = versions.find((rows) => rows.id === project.openVersion) ?? versions[0]!;
  const blob = await finishZip(zip, manifest, project);
  signal?.throwIfAborted();
  const fileName = deliveryFileName('{advertiser}_{title}_{date}_feed', nameValues(open.template, versionCampaign(project, open.id), createdAt), 'zip');
  host.dispatch(new StudioDeliverEvent({ manifest, zip: blob, fileName }));
  return { zip: blob, fileName, manifest, reasons: new Map(made.filter((row) => row.reasons.length > 0).map((row) => [row.outcome.key, row.reasons])) };
}


/**
 * The rows of a run: those `keys` names (unknown keys refused), each with the problems its check finds; without
 * `keys`, every row, those with problems listed as failed with them (so no row is dropped silently).
 */
function chosenRows(feed: Feed, keyOf: (index: number) => string, versions: readonly VersionRows[], names: ReadonlyMap<string, string>, keys: readonly string[] | undefined): ChosenRow[] {
  const all = feed.rows.map((_, index) => ({ index, reasons: blockingIn(versions, index, names) }));
  if (keys === undefined) return all;
  const byKey = new Map(all.map((row) => [keyOf(row.index), row]));
  const unknown = keys.filter((key) => !byKey.has(key));
  if (unknown.length > 0) throw new StudioError('feed-row', `No row with the key ${unknown.slice(0, 5).map(quote).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''} in the feed's ${describe(feed.key)} column.`);
  const chosen = [...new Set(keys)].map((key) => byKey.get(key)!);
  if (chosen.length === 0) throw new StudioError('deliver-none', 'No row to deliver: pass rows, or leave them out to deliver every row without a problem.', { recoverable: true });
  return chosen;
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
  const rows = versionRows(project, project.openVersion, config, chosenDestinations(config, project.delivery.destinations));
  const index = rowIndex(feed, key);
  const problems = blocking(rows.checker.row(index));
  if (problems.length > 0) throw new StudioRowRefusedError(key, problems);
  const ad = await rowAd(rows, index, host.takes(), signal);
  if (ad.problems.length > 0) throw new StudioRowRefusedError(key, ad.problems);
  const exported = await engine.export(ad.view, { format: 'wav16', signal });
  return { key, wav: exported.blob, seconds: ad.view.duration, voiced: ad.voiced, reused: ad.reused };
}

/**
 * What a run of `keys` (in versions `versionIds`, default the open one) costs in credits, at the service's prices
 * (the one price, of the voice-overs `feedCalls` finds): `credits` as planned, `most` should rows be read again,
 * faster, to fit. `undefined` when the service states no price for them.
 */
export async function feedPrice(host: FeedHost, keys: readonly string[], versionIds?: readonly string[]): Promise<FeedPrice | undefined> {
  const config = host.config();
  const list = config === undefined ? undefined : await host.client()?.pricing();
  if (list === undefined || config === undefined) return undefined;
  const { calls, again } = feedCalls(host.project(), config, host.takes(), keys, versionIds);
  const credits = priceOf(list, calls);
  const most = priceOf(list, [...calls, ...again]);
  return credits === undefined || most === undefined ? undefined : { credits, most };
}
