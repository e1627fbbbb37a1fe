// One row of a feed delivered: planned from the template and the row's values, voiced through the take cache
// (FeedTakes), fitted, and delivered through the Deliver pipeline to the run's destinations, its files named
// `<row key>/<file name>` into a sink. The browser's feed run (feed-deliver.ts: every row, into one ZIP) and the
// Node batch (src/batch/render-row.ts: one row to one destination, into a store) both deliver rows here.
import type { DeliveryResult } from '../audio/deliver/deliver.js';
import type { AudioEngine } from '../audio/engine.js';
import type { ResolvedConfig } from '../config/types.js';
import { deliveryFileName, destinationFileName, portableText, versionedTemplate } from '../delivery/file-name.js';
import type { CaptionsManifestEntry, DeliveredFile, DestinationProfile, FeedRowOutcome, VastManifestEntry } from '../delivery/types.js';
import type { VastSettings } from '../delivery/vast.js';
import { StudioError } from '../errors.js';
import { quote } from '../internal/describe.js';
import { normaliseCode } from '../delivery/codes.js';
import { rowAdId } from '../feed/ad-id-column.js';
import { rowSlotValues } from '../feed/mapping.js';
import type { Feed } from '../feed/types.js';
import type { ProjectDocument } from '../model/document.js';
import { versionName } from '../model/version-name.js';
import { versionCampaign, versionView } from '../model/versions.js';
import { fileFindings } from '../rules/file.js';
import { speechPastEnd } from '../rules/limits.js';
import { reason, reasonText, within, type Reason } from '../rules/said.js';
import { feedChecker, projectCheckInput, type FeedRowCheck } from '../rules/row.js';
import { versionCaptions } from './deliver-captions.js';
import { nameValues } from './deliver-pack.js';
import { vastDocuments, xmlBlob } from './deliver-vast.js';
import { versionRefs, withAdIdProblems } from './creative-identity.js';
import { planRow, voiceRow, type RowAd, type RowContext } from './feed-row.js';
import type { FeedTakes } from './feed-takes.js';

/** The project's feed with a key column, or a refusal that says what to do. */
export function keyedFeed(project: ProjectDocument): Feed & { readonly key: string } {
  const feed = project.feed;
  if (feed === null || feed.rows.length === 0) throw new StudioError('feed-none', 'The project has no feed: import a CSV or JSON file in the Feed step first.', { recoverable: true });
  if (feed.key === null) throw new StudioError('feed-key', 'The feed has no key column: choose the column that names each row (its folder and file names) in the Feed step.', { recoverable: true });
  return feed as Feed & { readonly key: string };
}

/** What each of `ids` is called in words: its label, or its length (`:15`). */
export function versionNames(project: ProjectDocument, ids: readonly string[]): Map<string, string> {
  return new Map(ids.map((id) => [id, versionName(project.versions.find((version) => version.id === id) ?? { label: '' }, versionView(project, id).duration)]));
}

/** The row context and checker of version `id` of `project`, judged for the sheets of `destinations` (the run's). */
export function versionRows(project: ProjectDocument, id: string, config: ResolvedConfig, destinations: readonly DestinationProfile[] = []) {
  const template = versionView(project, id);
  const input = projectCheckInput(template, config.vocal.maxFitSpeed, destinations)!;
  const checker = feedChecker(input);
  if (checker.template.length > 0) {
    throw new StudioError('feed-template', `The script's slots are malformed: ${checker.template.map((problem) => problem.message).join('; ')}.`, { recoverable: true });
  }
  const context: RowContext = { template, feed: template.feed!, slots: template.slots, brand: config.vocal.pronunciations, maxFitSpeed: config.vocal.maxFitSpeed, sheets: destinations };
  // A row's Ad-ID in this version, when a column gives one, is checked with the rest of the row.
  const version = versionRefs(project, [id]);
  const row = (index: number): FeedRowCheck => withAdIdProblems(context.feed, version, index, checker.row(index));
  return { id, template, context, checker: { template: checker.template, row } };
}

/** One version of a feed run: its view of the template, the row context and the checker. */
export type VersionRows = ReturnType<typeof versionRows>;

/** The problems of a row's check that keep it from being delivered, with their column. */
export const blocking = (check: Pick<FeedRowCheck, 'problems'>): Reason[] =>
  check.problems.filter((problem) => problem.severity === 'problem').map((problem) => reason(problem.message, problem.said, problem.column === null ? [] : [problem.column]));

/**
 * The problems that keep row `index` from being delivered in any of `versions` (each version's named when there
 * are several, a problem of every version, such as its key's, once): what the run refuses before voicing.
 */
export function blockingIn(versions: readonly VersionRows[], index: number, names: ReadonlyMap<string, string>): Reason[] {
  const each = versions.map((rows) => blocking(rows.checker.row(index)));
  if (versions.length === 1) return each[0]!;
  const texts = each.map((reasons) => reasons.map(reasonText));
  const everywhere = each[0]!.filter((item) => texts.every((other) => other.includes(reasonText(item))));
  const shared = new Set(everywhere.map(reasonText));
  const own = each.flatMap((reasons, at) => reasons.filter((item) => !shared.has(reasonText(item))).map((item) => within(names.get(versions[at]!.id) ?? versions[at]!.id, item)));
  return [...everywhere, ...own];
}

/**
 * Row `index` of one version as an ad: read at the speed its estimate needs; when its takes still run past the
 * end, read once more at the speed they show it needs, if that is within `maxFitSpeed`. Past it, the ad with
 * its problems (it is not rushed).
 */
export async function rowAd(rows: VersionRows, index: number, takes: FeedTakes, signal: AbortSignal | undefined): Promise<RowAd> {
  const { context, template, checker } = rows;
  const check = checker.row(index);
  const first = planRow(context, index, check.length?.speed ?? template.voice.speed);
  const ad = await voiceRow(context, first, takes, signal);
  const start = ad.view.clips.reduce((least, clip) => Math.min(least, clip.start), Infinity);
  if (speechPastEnd(ad.speechEnd, template.duration) === 0 || !Number.isFinite(start) || first.speed >= context.maxFitSpeed) return ad;
  const needed = first.speed * ((ad.speechEnd - start) / Math.max(0.1, template.duration - start - 0.05));
  if (needed > context.maxFitSpeed + 1e-9) return ad;
  return voiceRow(context, planRow(context, index, needed), takes, signal);
}

/** Why a voice-over of a row failed, in words (never the token: `StudioError` messages carry none). */
const failureText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A file's failed rules (the judge's findings, for the ad's length), or the reason it could not be made. */
function fileReasons(result: DeliveryResult, adSeconds: number): Reason[] {
  const rules = result.files.flatMap((file) => {
    const found = fileFindings(file.destination, file.rules, 'file', adSeconds);
    return file.rules
      .filter((rule) => !rule.pass)
      .map((rule) => {
        const message = `${rule.rule} ${Number.isFinite(rule.measured) ? Math.round(rule.measured * 100) / 100 : rule.measured} (needs ${rule.required})${rule.fix ? `: ${rule.fix}` : ''}`;
        const finding = found.find((item) => item.rule === rule.rule);
        return reason(message, finding === undefined ? undefined : { finding }, [file.destination.label]);
      });
  });
  const failures = result.failures.map((failure) => reason(failure.error.message, { error: failure.error }, [failure.fileName]));
  return [...rules, ...failures];
}

/** What the run of a row made: its outcome for the manifest, and its files as the manifest lists them. */
export interface RowMade {
  readonly outcome: FeedRowOutcome;
  /** Why it failed (the outcome's `reasons`, in English), with what to say each with in the reader's language. */
  readonly reasons: readonly Reason[];
  readonly files: readonly DeliveredFile[];
  readonly excluded: readonly DeliveredFile[];
  /** The row's VAST documents, one per VAST destination and version. */
  readonly vast: readonly VastManifestEntry[];
  /** The captions and the transcript of each of its ads delivered, when words are heard in it. */
  readonly captions: readonly CaptionsManifestEntry[];
}

/** A row of the run: its index, and why it is not delivered when its check says so. */
export interface ChosenRow {
  readonly index: number;
  readonly reasons: readonly Reason[];
}

/** What rendering a row needs. */
export interface RowRun {
  /** What delivers a row's ad: the editor's engine, or the batch's pipeline on its own thread. */
  readonly engine: Pick<AudioEngine, 'deliver'>;
  readonly destinations: readonly DestinationProfile[];
  /** The settings of each VAST destination of the run. */
  readonly vast: ReadonlyMap<string, VastSettings>;
  readonly versions: readonly VersionRows[];
  /** Each version's label in file names (`versionNameLabels`). */
  readonly labels: ReadonlyMap<string, string>;
  /** What each version is called in words (`:15`, or its label): a reason of one version of several names it. */
  readonly names: ReadonlyMap<string, string>;
  readonly many: boolean;
  readonly createdAt: Date;
  /** Where the row's files go as they are made (the ZIP, or the batch's store), named `<folder>/<file name>`. */
  readonly sink: { add(name: string, data: Blob): void };
  readonly signal: AbortSignal | undefined;
  readonly project: ProjectDocument;
}

/** A row voiced: its ads, one per version, or the reasons it has none. */
export type RowVoiced = { readonly ads: readonly RowAd[] } | { readonly reasons: readonly Reason[] };

/** Delivers row `index` (its ads, or the reasons it has none): its files into its folder. */
export async function deliverRow(run: RowRun, index: number, key: string, voiced: RowVoiced, onStage: (stage: 'render' | 'master' | 'encode' | 'measure' | 'pack') => void): Promise<RowMade> {
  const folder = portableText(key);
  const base = { key, row: index + 1, values: Object.fromEntries(rowSlotValues(run.versions[0]!.context.feed, index)) };
  const failed = (reasons: readonly Reason[], rest: Pick<FeedRowOutcome, 'warnings' | 'assets' | 'wordsPerSecond'>): RowMade => ({
    outcome: { ...base, status: 'failed', reasons: reasons.map(reasonText), ...rest, files: [] },
    reasons,
    files: [],
    excluded: [],
    vast: [],
    captions: [],
  });
  if ('reasons' in voiced) return failed(voiced.reasons, { warnings: [], assets: [], wordsPerSecond: null });
  const rowAds = voiced.ads;
  const versionName = (at: number) => run.names.get(run.versions[at]!.id) ?? run.versions[at]!.id;
  const reasons = rowAds.flatMap((ad, at) => ad.problems.map((item) => (run.many ? within(versionName(at), item) : item)));
  const warnings = rowAds.flatMap((ad, at) => ad.warnings.map((text) => (run.many ? `${versionName(at)}: ${text}` : text)));
  const assets = rowAds.flatMap((ad) => ad.assets);
  const speeds = rowAds.map((ad) => ad.wordsPerSecond).filter((value): value is number => value !== null);
  const wordsPerSecond = speeds.length === 0 ? null : Math.max(...speeds);
  if (reasons.length > 0) return failed(reasons, { warnings, assets, wordsPerSecond });
  const files: DeliveredFile[] = [];
  const excluded: DeliveredFile[] = [];
  const vast: VastManifestEntry[] = [];
  const captions: CaptionsManifestEntry[] = [];
  const names: string[] = [];
  const taken = new Set<string>();
  for (const [at, ad] of rowAds.entries()) {
    const { id } = run.versions[at]!;
    // The row's ad is a creative of its own: its Ad-ID is its own (its column's, else none), never the version's,
    // and it carries no ISCI (one names one spot).
    const campaign = { ...versionCampaign(run.project, id), adId: normaliseCode(rowAdId(run.versions[at]!.context.feed, index, id)), isci: '' };
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
      sink: { add: (name, blob) => (names.push(`${folder}/${name}`), run.sink.add(`${folder}/${name}`, blob)) },
      onProgress: ({ stage }) => {
        if (stage !== 'failed' && stage !== 'done') onStage(stage);
      },
      // The figure the row's pace was judged on, so that its files hold a sheet's limit as the ad's do.
      wordsPerSecond: ad.wordsPerSecond ?? undefined,
    });
    for (const file of result.files) {
      const listed: DeliveredFile = { fileName: file.fileName, destination: file.destination, figures: file.figures, rules: file.rules, pass: file.pass, version: id, row: key };
      (file.pass ? files : excluded).push(listed);
    }
    // The words heard in the row's ad (its own values), as captions and a transcript beside its files.
    const stem = `${folder}_{advertiser}_{title}_{length}s${run.many ? '_{version}' : ''}_{adId}`;
    const captioned = !result.files.some((file) => file.pass)
      ? undefined
      : versionCaptions(
          ad.view,
          (kind, extension) => {
            const name = deliveryFileName(`${stem}_${kind}`, nameValues(ad.view, nameCampaign, run.createdAt), extension, taken);
            taken.add(name);
            return `${folder}/${name}`;
          },
          id,
          key,
        );
    for (const file of captioned?.files ?? []) {
      names.push(file.name);
      run.sink.add(file.name, file.blob);
    }
    if (captioned !== undefined) captions.push(captioned.entry);
    const place = {
      folder: `${folder}/`,
      version: id,
      row: key,
      title: `${ad.view.title} (${key}): ${nameCampaign.versionLabel || `:${Math.round(ad.view.duration)}`}`,
      adId: campaign.adId,
      manyVersions: run.many,
      ...(captioned === undefined ? {} : { captions: { path: captioned.entry.captions, ...(captioned.entry.language === undefined ? {} : { language: captioned.entry.language }) } }),
    };
    const paths = result.files.map((file) => ({ path: `${folder}/${file.fileName}`, destination: file.destination, figures: file.figures, inZip: file.pass }));
    for (const document of vastDocuments(run.vast, paths, place)) {
      if (document.xml !== undefined) {
        names.push(document.path);
        run.sink.add(document.path, xmlBlob(document.xml));
      }
      vast.push(document.entry);
      reasons.push(...document.reasons.map((item) => within(document.path, item)));
    }
    reasons.push(...fileReasons(result, ad.view.duration).map((item) => (run.many ? within(versionName(at), item) : item)));
  }
  return { outcome: { ...base, status: reasons.length === 0 ? 'delivered' : 'failed', reasons: reasons.map(reasonText), warnings, assets, files: names, wordsPerSecond }, reasons, files, excluded, vast, captions };
}

/** Row `key`'s index in the feed, or a refusal naming the key. */
export function rowIndex(feed: Feed & { readonly key: string }, key: string): number {
  const at = feed.columns.indexOf(feed.key);
  const index = feed.rows.findIndex((row) => row[at] === key);
  if (index < 0) throw new StudioError('feed-row', `No row with the key ${quote(key)} in the feed's ${quote(feed.key)} column.`);
  return index;
}

/**
 * The ads of `entry`, one per version of `versions`, or why it has none: the problems its check found, or the
 * voice-over that failed. Aborted, it rejects with the signal's reason.
 */
export async function voiceFeedRow(versions: readonly VersionRows[], entry: ChosenRow, takes: FeedTakes, signal: AbortSignal | undefined): Promise<RowVoiced> {
  if (entry.reasons.length > 0) return { reasons: entry.reasons };
  try {
    return { ads: await Promise.all(versions.map((rows) => rowAd(rows, entry.index, takes, signal))) };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    // The client's own words may begin the same way ("Voice-over failed: the service answered 503…"): said once.
    const message = `A voice-over failed: ${failureText(error).replace(/^Voice-over failed: /, '')}`;
    return { reasons: [reason(message, { error, lead: 'feed.says.voiceFailed' })] };
  }
}

/** What voicing a row made: the takes it voiced and those it reused. */
export const takesOf = (voiced: RowVoiced): { voiced: number; reused: number } =>
  'ads' in voiced ? voiced.ads.reduce((sum, ad) => ({ voiced: sum.voiced + ad.voiced, reused: sum.reused + ad.reused }), { voiced: 0, reused: 0 }) : { voiced: 0, reused: 0 };

/**
 * Row `entry` voiced (`voiceFeedRow`) and delivered (`deliverRow`) to the run's destinations: one row, start to
 * end; with the takes it had made and those it reused.
 */
export async function deliverFeedRow(run: RowRun, entry: ChosenRow, key: string, takes: FeedTakes, onStage: Parameters<typeof deliverRow>[4]): Promise<{ readonly made: RowMade; readonly takes: { voiced: number; reused: number } }> {
  const voiced = await voiceFeedRow(run.versions, entry, takes, run.signal);
  run.signal?.throwIfAborted();
  return { made: await deliverRow(run, entry.index, key, voiced, onStage), takes: takesOf(voiced) };
}
