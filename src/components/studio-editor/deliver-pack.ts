// A delivery's ZIP: its name, the manifest, the report, and the ZIP itself, made as the files finish (and
// again, without rendering, when a failed file is included anyway). The files name themselves (the pipeline).
import type { DeliveredAudioFile, DeliveredStemFile } from '../../audio/deliver/deliver.js';
import type { DeliveryZip } from '../../audio/deliver/zip.js';
import { buildManifest, manifestJson } from '../../delivery/manifest.js';
import { deliveryReport } from '../../delivery/report.js';
import { deliveryFileName, fileNameDate, type FileNameValues } from '../../delivery/file-name.js';
import type { CampaignFields, DeliveredFile, DeliveryManifest } from '../../delivery/types.js';
import type { ProjectDocument } from '../../model/document.js';
import { creditsOf } from '../../model/credits.js';
import { VERSION } from '../../version.js';

/** The template of the ZIP's own name. */
const ZIP_TEMPLATE = '{advertiser}_{title}_{length}s_{date}_delivery';

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

/** The ZIP's name: the advertiser, the title, the length and the day, portable. */
export function zipFileName(values: FileNameValues): string {
  return deliveryFileName(ZIP_TEMPLATE, values, 'zip');
}

const asManifestFile = (file: DeliveredAudioFile): DeliveredFile => ({ fileName: file.fileName, destination: file.destination, figures: file.figures, rules: file.rules, pass: file.pass });

/** The manifest of a delivery: the files in the ZIP (passing, and failed ones `includeAnyway` names), those left out, the stems. */
export function deliveryManifest(
  project: ProjectDocument,
  campaign: CampaignFields,
  made: { readonly files: readonly DeliveredAudioFile[]; readonly stems: readonly DeliveredStemFile[] },
  includeAnyway: ReadonlySet<string>,
  createdAt: Date,
): DeliveryManifest {
  const inZip = (file: DeliveredAudioFile) => file.pass || includeAnyway.has(file.destination.id);
  return buildManifest({
    project: { projectId: project.project_id, title: project.title, seconds: project.duration },
    campaign,
    files: made.files.filter(inZip).map(asManifestFile),
    excluded: made.files.filter((file) => !inZip(file)).map(asManifestFile),
    stems: made.stems.map((stem) => ({ fileName: stem.fileName, stem: stem.stem, figures: stem.figures })),
    assets: project.assets,
    credits: creditsOf(project.usage).used ?? null,
    editorVersion: VERSION,
    createdAt,
  });
}

/** Adds the manifest and the report to `zip` and closes it. */
export function finishZip(zip: DeliveryZip, manifest: DeliveryManifest, project: ProjectDocument): Promise<Blob> {
  zip.add('manifest.json', new Blob([manifestJson(manifest)], { type: 'application/json' }));
  const script = project.script.sections.map((section) => ({ label: section.label, text: section.text }));
  zip.add('report.html', new Blob([deliveryReport(manifest, { script })], { type: 'text/html' }));
  return zip.finish();
}
