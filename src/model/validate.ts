import { describe } from '../config/checks.js';
import { pronunciationProblems } from '../brand/pronunciations.js';
import { CAMPAIGN_FIELDS, CAMPAIGN_TEXT_LIMITS, campaignFieldProblem, normaliseCampaignField } from '../delivery/campaign.js';
import { DESTINATION_ID } from '../delivery/destinations.js';
import { DURATION_LIMITS, TARGET_LIMITS, TRUE_PEAK_LIMITS } from '../delivery/limits.js';
import { DELIVERY_PRESET_IDS } from '../delivery/presets.js';
import { CLEARANCE_MAX_LENGTH, MAX_CHOSEN_DESTINATIONS, SCHEMA_VERSION, type ProjectDocument } from './document.js';
import { feedShape, slotsShape } from './feed-checks.js';
import { StudioProjectError, type ProjectIssue } from './project-error.js';
import { reviewShape } from './review-checks.js';
import { bool, fail, id, isObject, list, nullable, num, object, oneOf, serviceObject, str, text, uniqueIds, type Issues, type Shape } from './shapes.js';

// The checks of a whole document: with ./migrate.ts, a chunk of its own, loaded when a document arrives (see
// ./read-project.ts). The error they throw is the first paint's.
export { StudioProjectError, type ProjectIssue };

/** Ids of destinations: well formed and distinct. */
const destinationIds: Shape = (v, p, i) => {
  if (!Array.isArray(v)) return fail(i, p, 'an array of destination ids', v);
  if (v.length > MAX_CHOSEN_DESTINATIONS) return fail(i, p, `at most ${MAX_CHOSEN_DESTINATIONS} destination ids`, `${v.length} entries`);
  v.forEach((item, index) => {
    if (typeof item !== 'string' || !DESTINATION_ID.test(item)) fail(i, `${p}[${index}]`, 'a destination id (lower-case letters, digits and "-", at most 40)', item);
    else if (v.indexOf(item) < index) i.push({ path: `${p}[${index}]`, message: `is a duplicate of an earlier destination: ${describe(item)}` });
  });
};

/** One campaign field: its own check (Ad-ID, ISCI, length), and codes stored trimmed and upper case. */
const campaignField =
  (field: (typeof CAMPAIGN_FIELDS)[number]): Shape =>
  (v, p, i) => {
    const problem = campaignFieldProblem(field, v);
    if (problem !== null) i.push({ path: p, message: `${problem.message} Got ${describe(v)}.` });
    else if (normaliseCampaignField(field, v as string) !== v) i.push({ path: p, message: `is stored trimmed and in capitals: ${describe(normaliseCampaignField(field, v as string))}` });
  };

const seconds = num(0, 3600, ' (seconds)');
const db = num(-120, 24, ' (dB)');
/** A lock's reason: text of at most 200 characters. */
const reason: Shape = (v, p, i) => {
  if (typeof v !== 'string' || v.length > 200) fail(i, p, "a lock's reason of at most 200 characters", v);
};
/** `locked` is `true` where present (an unlocked part has no field). */
const lockedFlag: Shape = (v, p, i) => {
  if (v !== true) fail(i, p, 'true (an unlocked part has no "locked" field)', v);
};
const lockable = { locked: lockedFlag, lockReason: reason };
const section = object({ id, label: str, text: str }, { voice: id, ...lockable });
const asset = serviceObject({ asset_id: id, url: str });
const clip = object(
  {
    id,
    sectionId: nullable(id),
    assetId: id,
    url: str,
    start: seconds,
    gain: db,
    trimIn: seconds,
    trimOut: seconds,
    fadeIn: seconds,
    fadeOut: seconds,
    source: nullable(object({ text: str, voice: id, speed: num(0.5, 2) }, { pronunciations: (v, p, i) => pronunciations(v, p, i), ssml: str })),
  },
  lockable,
);
const music = object(
  {
    track: nullable(serviceObject({ track_id: id })),
    assetId: nullable(id),
    url: nullable(str),
    gain: db,
    offset: seconds,
    loop: bool,
    fadeIn: seconds,
    fadeOut: seconds,
  },
  lockable,
);
const duration = num(DURATION_LIMITS.min, DURATION_LIMITS.max, ' (seconds)');
const voice = object({ voice: nullable(id), details: nullable(serviceObject({ voice_id: id })), speed: num(0.5, 2), mode: oneOf('single', 'per-section') }, { keptSpeed: num(0.5, 2) });
const script = object({ sections: uniqueIds(list(section, 500), 'id') });
const clips = uniqueIds(list(clip, 2000), 'id');
/** What a version holds of its own (the open one's is the document's own fields). */
const versionContent = object({ duration, voice, script, clips, music: nullable(music) });
const versionLabel: Shape = (v, p, i) => {
  if (typeof v !== 'string' || v.length > CAMPAIGN_TEXT_LIMITS.versionLabel) fail(i, p, `a version label of at most ${CAMPAIGN_TEXT_LIMITS.versionLabel} characters`, v);
};
const version = object({ id, label: versionLabel, adId: campaignField('adId'), isci: campaignField('isci') }, { parked: versionContent });
/** The versions: distinct ids, at most 50, and exactly one without parked content (the open one). */
const versions: Shape = (v, p, i) => {
  uniqueIds(list(version, 50), 'id')(v, p, i);
  if (!Array.isArray(v)) return;
  if (v.length === 0) return void i.push({ path: p, message: 'expected at least one version' });
  const open = v.filter((entry) => isObject(entry) && entry['parked'] === undefined);
  if (open.length !== 1) i.push({ path: p, message: `expected exactly one version without parked content (the open one), got ${open.length}` });
};
const projectLock = object({}, { reason });
const pronunciations: Shape = (v, p, i) => {
  for (const problem of pronunciationProblems(v)) {
    i.push({ path: problem.index < 0 ? p : `${p}[${problem.index}]${problem.field === undefined ? '' : `.${problem.field}`}`, message: problem.message });
  }
};
const documentShape = object({
  schemaVersion: oneOf(SCHEMA_VERSION),
  project_id: id,
  title: (v, p, i) => {
    if (typeof v !== 'string' || v.length > 200) fail(i, p, 'a title of at most 200 characters', v);
  },
  duration,
  delivery: object({ format: oneOf('wav16', 'wav24', 'mp3'), sampleRate: oneOf(44100, 48000), destinations: destinationIds, stems: bool }),
  campaign: object(Object.fromEntries(CAMPAIGN_FIELDS.filter((field) => field !== 'versionLabel').map((field) => [field, campaignField(field)])), {
    clearance: text(CLEARANCE_MAX_LENGTH, 'a clearance number: text'),
  }),
  versions,
  openVersion: id,
  locks: object({}, { duration: projectLock, delivery: projectLock }),
  pronunciations,
  slots: slotsShape,
  feed: feedShape,
  review: reviewShape,
  voice,
  script,
  clips,
  music: nullable(music),
  mix: object({
    voiceLevel: db,
    musicLevel: db,
    duckingDepth: num(0, 40, ' (dB)'),
    duckingAttackMs: num(0, 5000, ' (ms)'),
    duckingReleaseMs: num(0, 10000, ' (ms)'),
  }),
  tracks: object({ voice: object({ muted: bool, solo: bool }), music: object({ muted: bool, solo: bool }) }),
  mastering: object({
    enabled: bool,
    preset: oneOf(...DELIVERY_PRESET_IDS),
    target: num(TARGET_LIMITS.min, TARGET_LIMITS.max, ' (LUFS)'),
    truePeak: num(TRUE_PEAK_LIMITS.min, TRUE_PEAK_LIMITS.max, ' (dBTP)'),
  }),
  recommendations: object({ items: list(serviceObject({ recommendation_id: id }), 1000), chosen: nullable(id) }),
  usage: list(object({ operation: str, at: str, usage: serviceObject({}) }, { sent: str })),
  assets: uniqueIds(list(asset), 'asset_id'),
});

/**
 * Checks that `value` is a current-version project document. Returns it typed, or throws a
 * `StudioProjectError` listing every problem by path; `root` names the value in messages.
 */
export function validateProject(value: unknown, root = 'project'): ProjectDocument {
  const issues: Issues = [];
  documentShape(value, root, issues);
  if (issues.length === 0) openVersionShape(value as ProjectDocument, root, issues);
  if (issues.length > 0) throw new StudioProjectError('project-invalid', issues);
  return value as ProjectDocument;
}

/** The open version is the one version without parked content. */
function openVersionShape(doc: ProjectDocument, root: string, issues: Issues): void {
  const open = doc.versions.find((entry) => entry.parked === undefined);
  if (open !== undefined && open.id !== doc.openVersion) issues.push({ path: `${root}.openVersion`, message: `expected "${open.id}", the version without parked content, got ${describe(doc.openVersion)}` });
}

/** Whether a value is a JSON-like plain object (used by migrations). */
export { isObject };
