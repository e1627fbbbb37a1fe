// A feed run's manifest: every row's outcome (failed rows first), its files and those kept out, the takes
// voiced and reused. The browser's ZIP (feed-deliver.ts) and the Node batch's run (src/batch/run-report.ts) list
// their rows with it.
import { buildManifest } from '../delivery/manifest.js';
import type { DeliveryManifest, FeedManifestPart } from '../delivery/types.js';
import { creditsOf } from '../model/credits.js';
import type { ProjectDocument } from '../model/document.js';
import { versionCampaign } from '../model/versions.js';
import { VERSION } from '../version.js';
import { reviewOfVersion } from './deliver-pack.js';
import type { RowMade, VersionRows } from './feed-row-deliver.js';

/** What a feed run's manifest is built from. */
export interface FeedManifestInput {
  readonly project: ProjectDocument;
  /** The feed's key column. */
  readonly key: string;
  /** The versions delivered; the open one (or the first) gives the manifest's project and campaign. */
  readonly versions: readonly Pick<VersionRows, 'id' | 'template'>[];
  readonly made: readonly RowMade[];
  readonly takes: FeedManifestPart['takes'];
  readonly createdAt: Date;
  /**
   * The credits the run used, as the service reported them for its own calls (`null`: it reported none). Left
   * out, the project's (`creditsOf(project.usage)`), as the batch's report gives them.
   */
  readonly credits?: number | null;
}

/** The manifest of a feed run (`feed` lists every row, delivered or failed, failed rows first). */
export function feedManifest({ project, key, versions, made, takes, createdAt, credits }: FeedManifestInput): DeliveryManifest & { readonly feed: FeedManifestPart } {
  const open = versions.find((rows) => rows.id === project.openVersion) ?? versions[0]!;
  const part: FeedManifestPart = {
    key,
    rows: [...made.map((row) => row.outcome)].sort((a, b) => (a.status === b.status ? a.row - b.row : a.status === 'failed' ? -1 : 1)),
    takes,
  };
  return buildManifest({
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
    credits: credits === undefined ? (creditsOf(project.usage).used ?? null) : credits,
    feed: part,
    vast: made.flatMap((row) => row.vast),
    // A record written before rows had captions has none.
    captions: made.flatMap((row) => row.captions ?? []),
    editorVersion: VERSION,
    createdAt,
  }) as DeliveryManifest & { readonly feed: FeedManifestPart };
}
