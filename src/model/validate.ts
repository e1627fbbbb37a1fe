import { describe } from '../config/checks.js';
import { CAMPAIGN_FIELDS, campaignFieldProblem, normaliseCampaignField } from '../delivery/campaign.js';
import { DESTINATION_ID } from '../delivery/destinations.js';
import { DURATION_LIMITS, TARGET_LIMITS, TRUE_PEAK_LIMITS } from '../delivery/limits.js';
import { DELIVERY_PRESET_IDS } from '../delivery/presets.js';
import { StudioError } from '../errors.js';
import { SCHEMA_VERSION, type ProjectDocument } from './document.js';

/** One problem found in a project document, addressed by its path (`project.script.sections[2].text`). */
export interface ProjectIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * A project document (from storage, a file or `loadProject`) was refused: corrupt, from a newer editor, or
 * not a project at all. Nothing of it was loaded; the current project is unchanged. `issues` lists each
 * problem with its path.
 */
export class StudioProjectError extends StudioError {
  static override readonly kind: string = 'StudioProjectError';
  readonly issues: readonly ProjectIssue[];

  constructor(code: 'project-invalid' | 'project-too-new', issues: readonly ProjectIssue[]) {
    super(code, issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n'), { recoverable: true });
    this.issues = issues;
  }
}

type Issues = ProjectIssue[];
type Shape = (value: unknown, path: string, issues: Issues) => void;

const fail = (issues: Issues, path: string, what: string, value: unknown) => {
  issues.push({ path, message: `expected ${what}, got ${describe(value)}` });
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str: Shape = (v, p, i) => {
  if (typeof v !== 'string') fail(i, p, 'a string', v);
};
const id: Shape = (v, p, i) => {
  if (typeof v !== 'string' || v.length === 0 || v.length > 200) fail(i, p, 'a non-empty id of at most 200 characters', v);
};
const bool: Shape = (v, p, i) => {
  if (typeof v !== 'boolean') fail(i, p, 'true or false', v);
};
const num =
  (min: number, max: number, unit = ''): Shape =>
  (v, p, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return fail(i, p, `a number${unit}`, v);
    if (v < min || v > max) fail(i, p, `a number from ${min} to ${max}${unit}`, v);
  };
const oneOf =
  (...values: readonly (string | number)[]): Shape =>
  (v, p, i) => {
    if (!values.includes(v as string)) fail(i, p, `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`, v);
  };
const nullable =
  (shape: Shape): Shape =>
  (v, p, i) => {
    if (v !== null) shape(v, p, i);
  };
/** An object from the service, kept as it came: only its identifying fields are checked. */
const serviceObject =
  (fields: Record<string, Shape>): Shape =>
  (v, p, i) => {
    if (!isObject(v)) return fail(i, p, 'an object', v);
    for (const [key, shape] of Object.entries(fields)) shape(v[key], `${p}.${key}`, i);
  };
const object =
  (fields: Record<string, Shape>, optional: Record<string, Shape> = {}): Shape =>
  (v, p, i) => {
    if (!isObject(v)) return fail(i, p, 'an object', v);
    for (const [key, shape] of Object.entries(fields)) shape(v[key], `${p}.${key}`, i);
    for (const [key, shape] of Object.entries(optional)) if (v[key] !== undefined) shape(v[key], `${p}.${key}`, i);
    for (const key of Object.keys(v)) {
      if (!(key in fields) && !(key in optional)) i.push({ path: `${p}.${key}`, message: 'is not a known field of the project document' });
    }
  };
const list =
  (shape: Shape, max = 10_000): Shape =>
  (v, p, i) => {
    if (!Array.isArray(v)) return fail(i, p, 'an array', v);
    if (v.length > max) return fail(i, p, `at most ${max} entries`, `${v.length} entries`);
    v.forEach((item, index) => shape(item, `${p}[${index}]`, i));
  };
const uniqueIds =
  (shape: Shape, key: string): Shape =>
  (v, p, i) => {
    shape(v, p, i);
    if (!Array.isArray(v)) return;
    const seen = new Set<unknown>();
    v.forEach((item, index) => {
      const value = isObject(item) ? item[key] : undefined;
      if (value !== undefined && seen.has(value)) i.push({ path: `${p}[${index}].${key}`, message: `is a duplicate of an earlier ${key}: ${describe(value)}` });
      seen.add(value);
    });
  };

/** The most destinations a project has chosen (the built-ins and every one a host may add). */
export const MAX_CHOSEN_DESTINATIONS = 100;

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
const section = object({ id, label: str, text: str }, { voice: id });
const asset = serviceObject({ asset_id: id, url: str });
const clip = object({
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
  source: nullable(object({ text: str, voice: id, speed: num(0.5, 2) })),
});
const music = object({
  track: nullable(serviceObject({ track_id: id })),
  assetId: nullable(id),
  url: nullable(str),
  gain: db,
  offset: seconds,
  loop: bool,
  fadeIn: seconds,
  fadeOut: seconds,
});
const documentShape = object({
  schemaVersion: oneOf(SCHEMA_VERSION),
  project_id: id,
  title: (v, p, i) => {
    if (typeof v !== 'string' || v.length > 200) fail(i, p, 'a title of at most 200 characters', v);
  },
  duration: num(DURATION_LIMITS.min, DURATION_LIMITS.max, ' (seconds)'),
  delivery: object({ format: oneOf('wav16', 'wav24', 'mp3'), sampleRate: oneOf(44100, 48000), destinations: destinationIds, stems: bool }),
  campaign: object(Object.fromEntries(CAMPAIGN_FIELDS.map((field) => [field, campaignField(field)]))),
  voice: object({ voice: nullable(id), details: nullable(serviceObject({ voice_id: id })), speed: num(0.5, 2), mode: oneOf('single', 'per-section') }),
  script: object({ sections: uniqueIds(list(section, 500), 'id') }),
  clips: uniqueIds(list(clip, 2000), 'id'),
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
  usage: list(object({ operation: str, at: str, usage: serviceObject({}) })),
  assets: uniqueIds(list(asset), 'asset_id'),
});

/**
 * Checks that `value` is a current-version project document. Returns it typed, or throws a
 * `StudioProjectError` listing every problem by path; `root` names the value in messages.
 */
export function validateProject(value: unknown, root = 'project'): ProjectDocument {
  const issues: Issues = [];
  documentShape(value, root, issues);
  if (issues.length > 0) throw new StudioProjectError('project-invalid', issues);
  return value as ProjectDocument;
}

/** Whether a value is a JSON-like plain object (used by migrations). */
export { isObject };
