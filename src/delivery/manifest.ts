// `manifest.json` of a delivery ZIP, built from what the pipeline measured. Pure: no DOM, no audio.
import type { CampaignFields, DeliveredFile, DeliveryManifest, ManifestVersion } from './types.js';

/** What `buildManifest` assembles; the pipeline measured the files, the project and the service gave the rest. */
export interface ManifestInput {
  readonly project: DeliveryManifest['project'];
  readonly campaign: CampaignFields;
  /** The versions delivered; absent for a delivery of the project as it is (before versions). */
  readonly versions?: readonly ManifestVersion[];
  /** The files the ZIP holds: those that pass, and failed ones the user included anyway. */
  readonly files: readonly DeliveredFile[];
  /** Failed destinations left out of the ZIP. */
  readonly excluded: readonly DeliveredFile[];
  readonly stems: DeliveryManifest['stems'];
  /** The voice and music details of the ad's assets, as the service described them. */
  readonly assets: readonly unknown[];
  /** Credits used as the service reported them (a delivery: the project's operations; a feed's run: its own voice-overs), `null` when it reported none. */
  readonly credits: number | null;
  /** A feed's delivery: every row of the run. */
  readonly feed?: DeliveryManifest['feed'];
  /** The VAST documents of the delivery. */
  readonly vast?: DeliveryManifest['vast'];
  readonly captions?: DeliveryManifest['captions'];
  readonly editorVersion: string;
  /** When the delivery was made: a `Date` or ISO 8601. */
  readonly createdAt: Date | string;
}

/** The manifest's `schema` value; `docs/delivery-manifest.schema.json` describes that version. */
export const DELIVERY_MANIFEST_SCHEMA = 'service-studio-editor/delivery-manifest@1' as const;

/**
 * A file's pass is its rules': a file with one failed rule never passes, whatever it was given. `included`
 * says whether it is in the ZIP (a failed file there was included anyway).
 */
function settle(file: DeliveredFile, included: boolean): DeliveredFile {
  const pass = file.rules.every((rule) => rule.pass);
  const { includedAnyway: _given, ...rest } = file;
  return included && !pass ? { ...rest, pass, includedAnyway: true } : { ...rest, pass };
}

/** A copy of `value` as JSON keeps it: objects and arrays of strings, finite numbers, booleans and nulls. */
function plain(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item) => (item === undefined || typeof item === 'function' ? null : plain(item)));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol' && typeof item !== 'bigint') out[key] = plain(item);
    }
    return out;
  }
  return null;
}

/**
 * Builds a delivery's manifest. Each file's `pass` is recomputed from its rules (nothing passes with a failed
 * rule); a failed file among `files` is marked `includedAnyway`; `excluded` files never are. Assets are kept as
 * plain JSON objects (entries that are not objects are dropped). Throws a `TypeError` on a `createdAt` that is
 * not a date, or when a destination is both delivered and excluded.
 */
export function buildManifest(input: ManifestInput): DeliveryManifest {
  const created = input.createdAt instanceof Date ? input.createdAt : new Date(input.createdAt);
  if (Number.isNaN(created.getTime())) throw new TypeError(`buildManifest: createdAt is not a date: ${String(input.createdAt)}`);
  // One file per destination (and rendition), version and row: each is either delivered or excluded.
  const key = (file: DeliveredFile) => `${file.row ?? ''}\u0000${file.version ?? ''}\u0000${file.destination.id}\u0000${file.destination.rendition ?? ''}`;
  const delivered = new Set(input.files.map(key));
  const both = input.excluded.find((file) => delivered.has(key(file)));
  if (both) throw new TypeError(`buildManifest: destination "${both.destination.id}"${both.version === undefined ? '' : ` of version "${both.version}"`} is both delivered and excluded`);
  return {
    schema: DELIVERY_MANIFEST_SCHEMA,
    editorVersion: input.editorVersion,
    createdAt: created.toISOString(),
    project: { projectId: input.project.projectId, title: input.project.title, seconds: input.project.seconds },
    campaign: {
      advertiser: input.campaign.advertiser,
      campaign: input.campaign.campaign,
      adId: input.campaign.adId,
      isci: input.campaign.isci,
      versionLabel: input.campaign.versionLabel,
      ...(input.campaign.clearance === undefined || input.campaign.clearance.trim() === '' ? {} : { clearance: input.campaign.clearance.trim() }),
    },
    ...(input.versions === undefined
      ? {}
      : {
          versions: input.versions.map((version) => ({
            id: version.id,
            label: version.label,
            seconds: version.seconds,
            adId: version.adId,
            isci: version.isci,
            ...(version.contentHash === undefined ? {} : { contentHash: version.contentHash }),
            ...(version.decisions === undefined ? {} : { decisions: version.decisions.map((decision) => ({ ...decision, reviewer: { ...decision.reviewer } })) }),
          })),
        }),
    files: input.files.map((file) => settle(file, true)),
    excluded: input.excluded.map((file) => settle(file, false)),
    stems: input.stems.map((stem) => ({ fileName: stem.fileName, stem: stem.stem, figures: stem.figures, ...(stem.version === undefined ? {} : { version: stem.version }) })),
    assets: input.assets.filter((asset) => asset !== null && typeof asset === 'object' && !Array.isArray(asset)).map(plain),
    credits: input.credits !== null && Number.isFinite(input.credits) ? input.credits : null,
    ...(input.feed === undefined ? {} : { feed: input.feed }),
    ...(input.vast === undefined || input.vast.length === 0 ? {} : { vast: input.vast }),
    ...(input.captions === undefined || input.captions.length === 0 ? {} : { captions: input.captions }),
  };
}

/** A number that cannot be JSON (silence's `-Infinity`) as `null`, as the schema allows. */
const finite = (_key: string, value: unknown): unknown => (typeof value === 'number' && !Number.isFinite(value) ? null : value);

/**
 * The manifest as `manifest.json` holds it: 2-space JSON, a loudness or level that cannot exist (silence:
 * `-Infinity`) written as `null`, as the schema allows.
 */
export function manifestJson(manifest: DeliveryManifest): string {
  return `${JSON.stringify(manifest, finite, 2)}\n`;
}

/** Files written between two pauses by `manifestText`. */
const FILES_A_TURN = 25;

/**
 * `manifestJson(manifest)`, the same text, written a few files at a time with `pause()` between them: a feed's
 * hundreds of files (each with its loudness over time) make megabytes of JSON, too long a task at once.
 */
export async function manifestText(manifest: DeliveryManifest, pause: () => Promise<void>): Promise<string> {
  const lists = ['files', 'excluded'] as const;
  const marker = (name: string) => `\u0000${name}\u0000`;
  const head = JSON.stringify({ ...manifest, files: marker('files'), excluded: marker('excluded') }, finite, 2);
  let text = head;
  for (const name of lists) {
    const items = manifest[name];
    const parts: string[] = [];
    for (let at = 0; at < items.length; at++) {
      if (at > 0 && at % FILES_A_TURN === 0) await pause();
      parts.push(`    ${JSON.stringify(items[at], finite, 2).replaceAll('\n', '\n    ')}`);
    }
    text = text.replace(JSON.stringify(marker(name)), parts.length === 0 ? '[]' : `[\n${parts.join(',\n')}\n  ]`);
  }
  return `${text}\n`;
}
