// A delivery's ZIP: its name, the manifest, the report, and the ZIP itself, made as the files finish (and
// again, without rendering, when a failed file is included anyway). The files name themselves (the pipeline).
import type { DeliveredAudioFile, DeliveredStemFile } from '../audio/deliver/deliver.js';
import type { DeliveryZip } from '../audio/deliver/zip.js';
import { buildManifest, manifestText } from '../delivery/manifest.js';
import { deliveryReport } from '../delivery/report.js';
import { deliveryFileName, fileNameDate, type FileNameValues } from '../delivery/file-name.js';
import type { CampaignFields, CaptionsManifestEntry, DeliveredFile, DeliveryManifest, ManifestDecision, ManifestVersion, VastManifestEntry } from '../delivery/types.js';
import { contentHash } from '../model/content-hash.js';
import type { ProjectDocument } from '../model/document.js';
import { versionApprovals } from '../model/review-views.js';
import { versionCampaign, versionView } from '../model/versions.js';
import { readJws } from '../review/jws.js';
import { transcriptText } from '../script/captions.js';
import { creditsOf } from '../model/credits.js';
import { VERSION } from '../version.js';

/** The template of the ZIP's own name; without the length when it holds versions of several lengths. */
const ZIP_TEMPLATE = '{advertiser}_{title}_{length}s_{date}_delivery';
const ZIP_TEMPLATE_VERSIONS = '{advertiser}_{title}_{date}_delivery';

/** What a delivery's names are made of: the project's title and length, the campaign fields, the day. */
export function nameValues(project: ProjectDocument, campaign: CampaignFields, date: Date): FileNameValues {
  return {
    advertiser: campaign.advertiser,
    title: project.title,
    campaign: campaign.campaign,
    length: project.duration,
    adId: campaign.adId,
    isci: campaign.isci,
    version: campaign.versionLabel,
    date: fileNameDate(date),
  };
}

/** The ZIP's name: the advertiser, the title, the length (of one version only) and the day, portable. */
export function zipFileName(values: FileNameValues, versions = false): string {
  return deliveryFileName(versions ? ZIP_TEMPLATE_VERSIONS : ZIP_TEMPLATE, values, 'zip');
}

/**
 * What `{version}` says in the names of each of `ids`: its label; without one, nothing when its length (already
 * in the name) tells it apart from the others delivered, else its id (`v2`).
 */
export function versionNameLabels(project: ProjectDocument, ids: readonly string[]): Map<string, string> {
  const lengths = new Map(ids.map((id) => [id, Math.round(versionView(project, id).duration)]));
  const sharesLength = (id: string): boolean => [...lengths.values()].filter((seconds) => seconds === lengths.get(id)).length > 1;
  return new Map(ids.map((id) => [id, versionCampaign(project, id).versionLabel || (sharesLength(id) ? id : '')]));
}

/** Whether a failed file is in the ZIP at the user's request: by its destination's id (one version) or its file name. */
export const isIncluded = (file: DeliveredAudioFile, includeAnyway: ReadonlySet<string>): boolean => includeAnyway.has(file.destination.id) || includeAnyway.has(file.fileName);

/** What the manifest is built from, per version delivered. */
export interface ManifestVersionMade {
  readonly id: string;
  readonly view: ProjectDocument;
  readonly campaign: CampaignFields;
  readonly result: { readonly files: readonly DeliveredAudioFile[]; readonly stems: readonly DeliveredStemFile[] };
  /** Its captions and transcript, when it has words. */
  readonly captions?: { readonly entry: CaptionsManifestEntry };
}

/** A decision's JWS and the id of its key (its header's `kid`), as the manifest carries them; nothing when unsigned. */
function signatureOf(jws: string | undefined): Pick<ManifestDecision, 'jws' | 'kid'> {
  if (jws === undefined) return {};
  const kid = readJws(jws)?.kid;
  return { jws, ...(kid === undefined ? {} : { kid }) };
}

/** The review's part of a delivered version: its content hash as delivered, and every decision on it, each fresh or stale. */
export function reviewOfVersion(project: ProjectDocument, id: string): Pick<ManifestVersion, 'contentHash' | 'decisions'> {
  const decisions = versionApprovals(project, id).map(({ decision, status }): ManifestDecision => ({
    id: decision.id,
    reviewer: { id: decision.reviewer.id, name: decision.reviewer.name, ...(decision.reviewer.role === undefined ? {} : { role: decision.reviewer.role }) },
    at: decision.at,
    label: decision.label,
    ...(decision.note === undefined ? {} : { note: decision.note }),
    contentHash: decision.contentHash,
    fresh: status === 'fresh',
    ...signatureOf(decision.jws),
  }));
  return { contentHash: contentHash(project, id)!, decisions };
}

const asManifestFile = (file: DeliveredAudioFile, version: string): DeliveredFile => ({ fileName: file.fileName, destination: file.destination, figures: file.figures, rules: file.rules, pass: file.pass, version });

/**
 * The manifest of a delivery: every version delivered (`versions`), and per version the files in the ZIP
 * (passing, and failed ones `includeAnyway` names), those left out, the stems. The campaign is the open
 * version's (or the first delivered's).
 */
export function deliveryManifest(
  project: ProjectDocument,
  versions: readonly ManifestVersionMade[],
  includeAnyway: ReadonlySet<string>,
  createdAt: Date,
  vast: readonly VastManifestEntry[] = [],
): DeliveryManifest {
  const inZip = (file: DeliveredAudioFile) => file.pass || isIncluded(file, includeAnyway);
  const open = versions.find((made) => made.id === project.openVersion) ?? versions[0]!;
  const every = <T>(pick: (made: ManifestVersionMade) => readonly T[]): T[] => versions.flatMap(pick);
  return buildManifest({
    project: { projectId: project.project_id, title: project.title, seconds: open.view.duration },
    campaign: open.campaign,
    versions: versions.map((made) => ({ id: made.id, label: made.campaign.versionLabel, seconds: made.view.duration, adId: made.campaign.adId, isci: made.campaign.isci, ...reviewOfVersion(project, made.id) })),
    files: every((made) => made.result.files.filter(inZip).map((file) => asManifestFile(file, made.id))),
    excluded: every((made) => made.result.files.filter((file) => !inZip(file)).map((file) => asManifestFile(file, made.id))),
    stems: every((made) => made.result.stems.map((stem) => ({ fileName: stem.fileName, stem: stem.stem, figures: stem.figures, version: made.id }))),
    assets: project.assets,
    credits: creditsOf(project.usage).used ?? null,
    editorVersion: VERSION,
    createdAt,
    vast,
    captions: every((made) => (made.captions === undefined ? [] : [made.captions.entry])),
  });
}

/** A turn of the event loop: a long piece of work gives the page its input and frames between its parts. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Adds the manifest and the report (with each delivered version's script) to `sink`: a ZIP, or the batch's store. */
export async function addRunDocuments(sink: { add(name: string, data: Blob): void }, manifest: DeliveryManifest, project: ProjectDocument): Promise<void> {
  sink.add('manifest.json', new Blob([await manifestText(manifest, nextTurn)], { type: 'application/json' }));
  await nextTurn();
  const scriptOf = (doc: ProjectDocument) => doc.script.sections.map((section) => ({ label: section.label, text: section.text }));
  const delivered = (manifest.versions ?? []).map((version) => version.id);
  const scripts = delivered.length > 1 ? delivered.map((id) => ({ version: id, script: scriptOf(versionView(project, id)) })) : undefined;
  const transcripts = (manifest.captions ?? []).flatMap((entry) => (entry.row === undefined ? [{ version: entry.version, text: transcriptText(versionView(project, entry.version)) }] : []));
  sink.add('report.html', new Blob([deliveryReport(manifest, { script: scriptOf(project), ...(scripts === undefined ? {} : { scripts }), transcripts })], { type: 'text/html' }));
}

/** Adds the manifest and the report (with each delivered version's script) to `zip` and closes it. */
export async function finishZip(zip: DeliveryZip, manifest: DeliveryManifest, project: ProjectDocument): Promise<Blob> {
  await addRunDocuments(zip, manifest, project);
  return zip.finish();
}
