// The editor's delivery: readiness and refusals, the engine's pipeline with the ZIP filled as files finish,
// the manifest and report, the `studio-deliver` event. The element's `deliver()` and the Deliver panel run it.
import type { DeliveryResult } from '../audio/deliver/deliver.js';
import type { AudioEngine } from '../audio/engine.js';
import type { ResolvedConfig } from '../config/types.js';
import { reviewUnchecked } from '../config/validate.js';
import { deliveryFileName, destinationFileName, versionedTemplate } from '../delivery/file-name.js';
import { expandRenditions } from '../delivery/renditions.js';
import type { CampaignFields, DeliveryManifest, DestinationProfile } from '../delivery/types.js';
import { StudioError } from '../errors.js';
import { StudioDeliverFailedError } from './deliver-failed-error.js';
import { StudioDeliverEvent } from '../events/studio-deliver.js';
import type { ProjectDocument } from '../model/document.js';
import { missingApprovals } from '../model/review-views.js';
import { versionCampaign, versionView } from '../model/versions.js';
import type { DeliverOptions, DeliverStage, DeliveryRun } from './deliver-run.js';
import { deliveryManifest, finishZip, isIncluded, nameValues, versionNameLabels, zipFileName } from './deliver-pack.js';
import { refuseDuplicateAdIds, versionCreatives } from './creative-identity.js';
import { vastDocuments, vastSettingsOf, xmlBlob, type VastMade } from './deliver-vast.js';
import type { VastSettings } from '../delivery/vast.js';
import { adLength, fileWordsPerSecond } from '../rules/read.js';
import { reason } from '../rules/said.js';
import { versionCaptions, type CaptionsMade } from './deliver-captions.js';
import { quote } from '../internal/describe.js';
import { printable } from '../internal/printable.js';
import type { DecisionTrust, UnverifiedDecision } from '../review/trust.js';
import { unverifiedText } from '../review/verify-decisions.js';

/** What a delivery reads of the editor. */
export interface DeliverHost {
  /** The resolved config now; undefined before a valid one. */
  config(): ResolvedConfig | undefined;
  /** The audio engine, started if it was not. */
  engine(): Promise<AudioEngine | undefined>;
  /** The project now. */
  project(): ProjectDocument;
  /** Fires an event from the editor (`studio-deliver`). */
  dispatch(event: Event): void;
  /** Reports an error as `studio-error`. */
  emitError(error: StudioError): void;
}

/** The destinations `ids` names, in the config's order; a refusal for an unknown id or none. */
export function chosenDestinations(config: ResolvedConfig, ids: readonly string[]): DestinationProfile[] {
  const known = config.delivery.destinations;
  const unknown = ids.filter((id) => !known.some((destination) => destination.id === id));
  if (unknown.length > 0) {
    throw new StudioError('deliver-destination', `No destination ${unknown.map((id) => JSON.stringify(id)).join(', ')} (known: ${known.map((d) => d.id).join(', ')}): add it in config.delivery.destinations.`);
  }
  const chosen = known.filter((destination) => ids.includes(destination.id));
  if (chosen.length === 0) throw new StudioError('deliver-none', 'No destination to deliver to: pass destinations, or choose some in the Deliver panel.', { recoverable: true });
  return chosen;
}

/** The config and the engine of an editor that may deliver; a refusal when it has not started or delivery is off. */
export async function readyToDeliver(host: DeliverHost): Promise<{ config: ResolvedConfig; engine: AudioEngine }> {
  const config = host.config();
  const engine = await host.engine();
  if (engine === undefined || config === undefined) {
    throw new StudioError('not-ready', 'The editor has not started: give it a valid config and add it to the page before delivering.');
  }
  if (!config.tools.deliver) throw new StudioError('deliver-off', 'Delivery is switched off by config.tools.deliver.');
  return { config, engine };
}

/** One version's part of a delivery: its view, its campaign fields and what was made of it. */
export interface VersionMade {
  readonly id: string;
  /** The document as if this version were open (`versionView`). */
  readonly view: ProjectDocument;
  readonly campaign: CampaignFields;
  readonly result: DeliveryResult;
  /** Its captions and transcript, when words are heard in it and a file of it was made. */
  readonly captions?: CaptionsMade;
}

/** What a delivery made, and what its manifest is built from. */
interface Made {
  readonly project: ProjectDocument;
  readonly versions: readonly VersionMade[];
  readonly createdAt: Date;
  readonly fileName: string;
  /** The settings of each VAST destination of the delivery. */
  readonly vast: ReadonlyMap<string, VastSettings>;
  readonly many: boolean;
}

/** The VAST documents of every version made, with the files the ZIP holds (passing, and those included anyway). */
function versionVast(made: Made, includeAnyway: ReadonlySet<string>): VastMade[] {
  if (made.vast.size === 0) return [];
  return made.versions.flatMap(({ id, view, campaign, result, captions }) =>
    vastDocuments(
      made.vast,
      result.files.map((file) => ({ path: file.fileName, destination: file.destination, figures: file.figures, inZip: file.pass || isIncluded(file, includeAnyway) })),
      {
        folder: '',
        version: id,
        title: `${view.title}: ${campaign.versionLabel || `:${Math.round(view.duration)}`}`,
        adId: campaign.adId,
        manyVersions: made.many,
        ...(captions === undefined ? {} : { captions: { path: captions.entry.captions, ...(captions.entry.language === undefined ? {} : { language: captions.entry.language }) } }),
      },
    ),
  );
}

/** The versions `ids` names, in the project's order; every version when `ids` is absent. An unknown id is refused. */
export function chosenVersions(project: ProjectDocument, ids: readonly string[] | undefined): string[] {
  if (ids === undefined) return project.versions.map((version) => version.id);
  const unknown = ids.filter((id) => !project.versions.some((version) => version.id === id));
  if (unknown.length > 0) throw new StudioError('deliver-version', `No version ${unknown.map((id) => JSON.stringify(id)).join(', ')} (the project has ${project.versions.map((v) => v.id).join(', ')}).`);
  const chosen = project.versions.filter((version) => ids.includes(version.id)).map((version) => version.id);
  if (chosen.length === 0) throw new StudioError('deliver-none', 'No version to deliver: pass versions, or leave it out to deliver every version.', { recoverable: true });
  return chosen;
}

/**
 * A version Deliver refused: its id, its label (`''` when it has none), the roles whose fresh approval it lacks and,
 * where the host gives `review.publicKeys`, its decisions that do not count ("Unverified"), each with the reason.
 */
export interface UnapprovedVersion {
  readonly version: string;
  readonly label: string;
  readonly roles: readonly string[];
  readonly unverified?: readonly UnverifiedDecision[];
}

/**
 * Deliver refused for `config.review.require` (`code: 'review-required'`, recoverable): `unapproved` names each
 * version and the roles whose fresh approval it lacks, so that a panel can say it in the user's language.
 */
export class StudioReviewRequiredError extends StudioError {
  static override get kind(): string {
    return 'StudioReviewRequiredError';
  }
  readonly unapproved: readonly UnapprovedVersion[];

  constructor(unapproved: readonly UnapprovedVersion[]) {
    const named = unapproved.map(
      ({ version, label, roles, unverified = [] }) =>
        `version ${quote(version)}${label === '' ? '' : ` (${printable(label)})`} lacks a fresh approval from ${roles.map(quote).join(' and ')}` +
        unverified.map((decision) => `; Unverified: ${quote(decision.label)} by ${quote(decision.reviewer)}: ${unverifiedText({ verified: false, reason: decision.reason, value: decision.value })}`).join(''),
    );
    super(
      'review-required',
      `Not delivered: ${named.join('; ')}. config.review.require asks for an approval of each version as it sounds now from every role it names; an edit of the sound after an approval makes it stale.`,
      { recoverable: true },
    );
    this.unapproved = unapproved;
  }
}

/**
 * Refuses a delivery of `versionIds` when `require` (`config.review.require`) names roles whose fresh approval a
 * version lacks (`missingApprovals`): a `StudioReviewRequiredError`, naming each such version and its missing
 * roles. Nothing is rendered before.
 */
export function refuseUnapproved(project: ProjectDocument, versionIds: readonly string[], require: readonly string[], trust?: DecisionTrust): void {
  const unapproved = versionIds
    .map((version) => ({
      version,
      label: versionCampaign(project, version).versionLabel,
      roles: missingApprovals(project, version, require, trust?.counts),
      ...(trust === undefined ? {} : { unverified: trust.unverified(version) }),
    }))
    .filter((entry) => entry.roles.length > 0);
  if (unapproved.length > 0) throw new StudioReviewRequiredError(unapproved);
}

/**
 * `refuseUnapproved` as the editor's config asks: with `review.publicKeys`, only the decisions whose signature
 * verifies on a whole chain count (their check loads here, only then), and the refusal names the others.
 */
export async function refuseUnapprovedBy(config: ResolvedConfig, project: ProjectDocument, versionIds: readonly string[]): Promise<void> {
  // A review given before its checks arrived (an element given its config directly) is not known yet: refused, never let through.
  if (reviewUnchecked(config)) throw new StudioError('not-ready', 'config.review is still being checked (its checks are loading): deliver again in a moment.', { recoverable: true });
  const { require, publicKeys } = config.review;
  if (require.length === 0) return;
  const trust = publicKeys === undefined ? undefined : await (await import('../review/trust.js')).decisionTrust(project, publicKeys);
  refuseUnapproved(project, versionIds, require, trust);
}

/** A file's id in progress and in the panel: the destination's id, with the version's (`streaming@v2`) when several are delivered. */
export const matrixFileId = (destinationId: string, versionId: string, many: boolean): string => (many ? `${destinationId}@${versionId}` : destinationId);

const STAGE_ORDER: readonly DeliverStage[] = ['render', 'master', 'encode', 'measure', 'pack', 'done'];

/**
 * Progress by row: a file of `destinations` (by index) reports as its destination's id; one of several renditions
 * reports the stage its destination's renditions have all reached (so a row never goes back). Stems as they are.
 */
export function rowProgress(destinations: readonly DestinationProfile[], report: (row: string, stage: DeliverStage) => void): (file: number | string, stage: DeliverStage) => void {
  const stages = new Map<number, DeliverStage>();
  const shown = new Map<string, DeliverStage>();
  return (file, stage) => {
    if (typeof file === 'string') return report(file, stage);
    const row = destinations[file]!.id;
    stages.set(file, stage);
    const siblings = destinations.map((destination, index) => (destination.id === row ? index : -1)).filter((index) => index >= 0);
    const least = siblings.map((index) => STAGE_ORDER.indexOf(stages.get(index) ?? 'render')).reduce((a, b) => Math.min(a, b));
    // A stage gone through again (an MP3 mastered again) is shown as it comes, as before renditions.
    const now = siblings.length === 1 ? stage : STAGE_ORDER[least]!;
    if (siblings.length > 1 && shown.get(row) === now) return;
    shown.set(row, now);
    report(row, now);
  };
}

/**
 * Delivers the project's versions (every one, or `options.versions`) to its chosen destinations (or
 * `options.destinations`): one ZIP with each passing file, `manifest.json`, `report.html` and the stems when
 * asked; fires `studio-deliver`. Each version is rendered from its own content (`versionView`) with its own
 * campaign fields (`versionCampaign`: its label, and its own Ad-ID and ISCI, the campaign's for the first version
 * only); two versions with one Ad-ID are refused first (`ad-id-duplicate`, `StudioAdIdError`); with more than
 * one version, each file name carries the version (`versionedTemplate`) and `{length}` is the version's. Files
 * that fail a rule stay out (the run's `repack` puts them in); a sheet's `maxWordsPerSecond` is one, on the words a
 * second of the version's takes that the Script step judges (`fileWordsPerSecond`), as a feed row's are. A version
 * without a fresh approval of each role of `config.review.require` is refused first (`review-required`,
 * `refuseUnapproved`). A file that could not be made is reported (studio-error) and the others are delivered. Aborted, it rejects with the signal's reason and keeps nothing.
 */
export async function deliverAd(host: DeliverHost, options: DeliverOptions): Promise<DeliveryRun> {
  const { config, engine } = await readyToDeliver(host);
  const project = host.project();
  // A destination of several renditions (VAST's) is a file each; its progress row shows the one furthest behind.
  const chosen = chosenDestinations(config, options.destinations ?? project.delivery.destinations);
  const vast = vastSettingsOf(chosen, options.vast);
  const destinations = expandRenditions(chosen);
  const versionIds = chosenVersions(project, options.versions);
  await refuseUnapprovedBy(config, project, versionIds);
  // Each version is a creative of its own: two that share an Ad-ID are refused before anything is rendered.
  refuseDuplicateAdIds(versionCreatives(project, versionIds));
  const many = versionIds.length > 1;
  const nameLabels = versionNameLabels(project, versionIds);
  const createdAt = new Date();
  const { openDeliveryZip } = await import('../audio/deliver/zip.js');
  const zip = openDeliveryZip({ signal: options.signal });
  const versions: VersionMade[] = [];
  /** Names given so far, across versions (a later duplicate is numbered). */
  const taken = new Set<string>();
  const named = (name: string): string => (taken.add(name), name);
  try {
    for (const id of versionIds) {
      const view = versionView(project, id);
      const campaign = versionCampaign(project, id);
      const nameCampaign = { ...campaign, versionLabel: nameLabels.get(id)! };
      const facts = { title: view.title, seconds: view.duration, campaign: nameCampaign, date: createdAt };
      const report = rowProgress(destinations, (file, stage) => options.onProgress?.({ file: matrixFileId(file, id, many), stage }));
      const result = await engine.deliver(view, {
        destinations,
        campaign,
        stems: options.stems ?? project.delivery.stems,
        signal: options.signal,
        date: createdAt,
        fileName: (destination) => named(destinationFileName(many ? { ...destination, fileName: versionedTemplate(destination.fileName) } : destination, facts, taken)),
        stemName: (stem) =>
          named(
            deliveryFileName(
              many ? `{advertiser}_{title}_{length}s_{version}_{adId}_${stem}` : `{advertiser}_{title}_{length}s_{adId}_${stem}`,
              nameValues(view, nameCampaign, createdAt),
              'wav',
              taken,
            ),
          ),
        // Each passing file and each stem goes in as it finishes.
        sink: zip,
        onProgress: ({ file, stage }) => {
          if (stage !== 'failed') report(typeof file === 'number' ? file : `stem-${file}`, stage);
        },
        // A sheet that limits words a second judges the version's takes as the Script step and the chip do.
        wordsPerSecond: fileWordsPerSecond(adLength(view)),
      });
      for (const failure of result.failures) host.emitError(failure.error);
      // The words heard, as captions and a transcript beside the version's files.
      const base = many ? `{advertiser}_{title}_{length}s_{version}_{adId}` : `{advertiser}_{title}_{length}s_{adId}`;
      const captions = result.files.length === 0 ? undefined : versionCaptions(view, (kind, extension) => named(deliveryFileName(`${base}_${kind}`, nameValues(view, nameCampaign, createdAt), extension, taken)), id);
      for (const file of captions?.files ?? []) zip.add(file.name, file.blob);
      versions.push({ id, view, campaign, result, ...(captions === undefined ? {} : { captions }) });
    }
    if (versions.every((made) => made.result.files.length === 0 && made.result.stems.length === 0)) {
      const failures = versions.flatMap((made) => made.result.failures);
      throw new StudioDeliverFailedError(
        `No file could be made: ${failures.map((failure) => `${failure.fileName}: ${failure.error.message}`).join('; ')}`,
        failures.map((failure) => ({ name: failure.fileName, reasons: [failure.error.message], why: [reason(failure.error.message, { error: failure.error })] })),
      );
    }
  } catch (error) {
    zip.abort();
    if (error instanceof StudioError && !options.signal?.aborted) host.emitError(error);
    throw error;
  }
  const open = versions.find((made) => made.id === project.openVersion) ?? versions[0]!;
  const made: Made = { project, versions, createdAt, fileName: zipFileName(nameValues(open.view, open.campaign, createdAt), many), vast, many };
  const documents = versionVast(made, new Set());
  for (const document of documents) if (document.xml !== undefined) zip.add(document.path, xmlBlob(document.xml));
  const manifest = deliveryManifest(project, versions, new Set(), createdAt, documents.map((document) => document.entry));
  const blob = await finishZip(zip, manifest, project);
  options.signal?.throwIfAborted();
  return delivered(host, made, manifest, blob, documents);
}

/** The run the caller gets, with `studio-deliver` fired; its `repack` makes the ZIP again with failed files included. */
function delivered(host: DeliverHost, made: Made, manifest: DeliveryManifest, zip: Blob, documents: readonly VastMade[]): DeliveryRun {
  const { project, versions, createdAt, fileName } = made;
  host.dispatch(new StudioDeliverEvent({ manifest, zip, fileName }));
  const files = versions.flatMap((version) => version.result.files);
  const stems = versions.flatMap((version) => version.result.stems);
  const captionFiles = versions.flatMap((version) => version.captions?.files ?? []);
  return {
    zip,
    fileName,
    manifest,
    files: new Map([
      ...files.map((file) => [file.fileName, file.bytes] as const),
      ...stems.map((stem) => [stem.fileName, stem.bytes] as const),
      ...captionFiles.map((file) => [file.name, file.blob] as const),
      ...documents.flatMap((document) => (document.xml === undefined ? [] : [[document.path, xmlBlob(document.xml)] as const])),
    ]),
    vastReasons: new Map(documents.map((document) => [document.path, document.reasons])),
    repack: async (includeAnyway) => {
      const { openDeliveryZip } = await import('../audio/deliver/zip.js');
      const again = openDeliveryZip();
      const included = new Set(includeAnyway);
      for (const file of files) if (file.pass || isIncluded(file, included)) again.add(file.fileName, file.bytes);
      for (const stem of stems) again.add(stem.fileName, stem.bytes);
      for (const file of captionFiles) again.add(file.name, file.blob);
      const rewritten = versionVast(made, included);
      for (const document of rewritten) if (document.xml !== undefined) again.add(document.path, xmlBlob(document.xml));
      const next = deliveryManifest(project, versions, included, createdAt, rewritten.map((document) => document.entry));
      return delivered(host, made, next, await finishZip(again, next, project), rewritten);
    },
  };
}
