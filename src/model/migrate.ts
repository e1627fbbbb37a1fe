import { describe } from '../config/checks.js';
import { EMPTY_CAMPAIGN, normaliseCampaignField } from '../delivery/campaign.js';
import { DEFAULT_DELIVERY_DESTINATIONS } from '../delivery/destinations.js';
import { DEFAULT_TRACKS, FIRST_VERSION_ID, SCHEMA_VERSION, createProject, type ProjectDocument } from './document.js';
import { StudioProjectError, isObject, validateProject } from './validate.js';

/**
 * Schema version 1, the documented earlier shape (editor 0.0.x drafts): one flat object with the script
 * as a list of plain paragraphs, one voice id, one music track id and one music level.
 *
 * ```json
 * { "schemaVersion": 1, "id": "ad-1", "title": "Sale", "duration": 30,
 *   "script": ["Hook text", "Body text"], "voice": "v-anna", "music": "t-upbeat", "musicGain": -8 }
 * ```
 */
export interface ProjectDocumentV1 {
  schemaVersion: 1;
  id: string;
  title: string;
  duration: number;
  script: string[];
  voice: string | null;
  music: string | null;
  musicGain: number;
}

type Migration = (old: Record<string, unknown>, root: string) => Record<string, unknown>;

const LABELS = ['Hook', 'Body', 'Call to action'];

/** v1 -> v2: paragraphs become sections with ids and labels, the track becomes a music bed. */
function v1ToV2(old: Record<string, unknown>, root: string): Record<string, unknown> {
  const issues: { path: string; message: string }[] = [];
  const need = (key: string, ok: boolean, what: string) => {
    if (!ok) issues.push({ path: `${root}.${key}`, message: `expected ${what}, got ${describe(old[key])}` });
  };
  need('id', typeof old['id'] === 'string' && old['id'] !== '', 'a non-empty id');
  need('title', typeof old['title'] === 'string', 'a string');
  need('duration', typeof old['duration'] === 'number', 'a number (seconds)');
  const script = old['script'];
  need('script', Array.isArray(script), 'an array of paragraphs');
  if (Array.isArray(script)) {
    script.forEach((text, index) => {
      if (typeof text !== 'string') issues.push({ path: `${root}.script[${index}]`, message: `expected a string, got ${describe(text)}` });
    });
  }
  need('voice', old['voice'] === null || typeof old['voice'] === 'string', 'a voice id or null');
  need('music', old['music'] === null || typeof old['music'] === 'string', 'a track id or null');
  need('musicGain', typeof old['musicGain'] === 'number', 'a number (dB)');
  if (issues.length > 0) throw new StudioProjectError('project-invalid', issues);
  const paragraphs = script as string[];
  const base = createProject({
    projectId: old['id'] as string,
    title: old['title'] as string,
    duration: old['duration'] as number,
    voice: (old['voice'] as string | null) ?? undefined,
  });
  const track = old['music'] as string | null;
  return {
    ...base,
    schemaVersion: 2,
    script: {
      sections: paragraphs.map((text, index) => ({ id: `s${index + 1}`, label: LABELS[index] ?? `Part ${index + 1}`, text })),
    },
    music:
      track === null
        ? null
        : { track: { track_id: track, title: track, style: 'unknown' }, assetId: null, url: null, gain: 0, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1.5 },
    mix: { ...base.mix, musicLevel: old['musicGain'] as number },
  };
}

/**
 * v2 -> v3: mastering gains its on/off switch (`mastering.enabled`); v2 documents were always mastered, so
 * they get `true`. A v2 document without a mastering object is left for validation to refuse by path.
 */
function v2ToV3(old: Record<string, unknown>): Record<string, unknown> {
  const mastering = old['mastering'];
  return { ...old, schemaVersion: 3, ...(isObject(mastering) ? { mastering: { enabled: true, ...mastering } } : {}) };
}

/** v3 -> v4: the timeline's tracks gain mute and solo (`tracks`); every v3 track was heard. */
function v3ToV4(old: Record<string, unknown>): Record<string, unknown> {
  return { ...old, schemaVersion: 4, tracks: old['tracks'] ?? DEFAULT_TRACKS };
}

/**
 * v4 -> v5: the campaign fields (all empty) and the Deliver panel's choice (the default destinations, no
 * stems). A v4 document without a delivery object is left for validation to refuse by path.
 */
function v4ToV5(old: Record<string, unknown>): Record<string, unknown> {
  const delivery = old['delivery'];
  return {
    ...old,
    schemaVersion: 5,
    campaign: old['campaign'] ?? EMPTY_CAMPAIGN,
    ...(isObject(delivery) ? { delivery: { destinations: [...DEFAULT_DELIVERY_DESTINATIONS], stems: false, ...delivery } } : {}),
  };
}

/**
 * v5 -> v6: the ad becomes its first version (`v1`), labelled with the campaign's version label, which leaves
 * the campaign; no locks, no pronunciations of its own. A v5 document without a campaign object is left for
 * validation to refuse by path.
 */
function v5ToV6(old: Record<string, unknown>): Record<string, unknown> {
  const campaign = old['campaign'];
  const label = isObject(campaign) && typeof campaign['versionLabel'] === 'string' ? campaign['versionLabel'] : '';
  let rest: unknown = campaign;
  if (isObject(campaign)) {
    const { versionLabel: _label, ...fields } = campaign;
    rest = fields;
  }
  return {
    ...old,
    schemaVersion: 6,
    campaign: rest,
    versions: [{ id: FIRST_VERSION_ID, label, adId: '', isci: '' }],
    openVersion: FIRST_VERSION_ID,
    locks: {},
    pronunciations: [],
  };
}

/** A script (`{ sections }`) with each of its sections' text passed through `write`; anything else as it was. */
function rewriteScript(script: unknown, write: (text: string) => string): unknown {
  if (!isObject(script) || !Array.isArray(script['sections'])) return script;
  const sections = script['sections'].map((section: unknown) => (isObject(section) && typeof section['text'] === 'string' ? { ...section, text: write(section['text']) } : section));
  return { ...script, sections };
}

/** `doc` with the text of every section, of the open version's script and of each parked version's, passed through `write`. */
function rewriteSections(doc: Record<string, unknown>, write: (text: string) => string): Record<string, unknown> {
  const versions = doc['versions'];
  const parked = (version: unknown) =>
    isObject(version) && isObject(version['parked']) ? { ...version, parked: { ...version['parked'], script: rewriteScript(version['parked']['script'], write) } } : version;
  return { ...doc, script: rewriteScript(doc['script'], write), ...(Array.isArray(versions) ? { versions: versions.map(parked) } : {}) };
}

/**
 * v6 -> v7: the script gains slots. In schema 7 `{{name}}` in a section's text is a slot that a feed fills and
 * `\{{` is a literal `{{` (script/slots.ts); in 6 every `{{` was text. So every `{{` in the text of every
 * section, of the open version's script and of each parked version's, is written `\{{`, and a v6 script reads
 * exactly as before: `Save {{10%}}` stays the text `Save {{10%}}`, and a v6 `\{{` (a backslash, then braces)
 * becomes `\\{{`, read as that backslash and a literal `{{`. The takes' `source.text` is what was voiced, and
 * stays as it was. No slots are defined, no feed, an empty review (no comments, no decisions); the campaign
 * has no clearance number.
 */
function v6ToV7(old: Record<string, unknown>): Record<string, unknown> {
  return {
    ...rewriteSections(old, (text) => text.replaceAll('{{', '\\{{')),
    schemaVersion: 7,
    slots: [],
    feed: null,
    review: { comments: [], decisions: [] },
  };
}

/**
 * v7 -> v8: a review decision may carry the host's signature (`jws`, issue 54). A v7 document has none, and reads
 * as it was; an editor of schema 7 refuses a v8 document as newer rather than as a decision with a field too many.
 */
const v7ToV8 = (old: Record<string, unknown>): Record<string, unknown> => ({ ...old, schemaVersion: 8 });

/**
 * v8 -> v9: direction of the read. In schema 9 `[[...]]` in a section's text is a mark (a pause, emphasis, say-as,
 * sub or rate: script/direction.ts) and `\[[` a literal `[[`; in 8 every `[[` was text. So every `[[` of every
 * section, open or parked, is written `\[[` (as v6 -> v7 did for `{{`), and a v8 script reads exactly as before.
 * A take's `source.text` is what was voiced, and stays as it was.
 */
const v8ToV9 = (old: Record<string, unknown>): Record<string, unknown> => ({ ...rewriteSections(old, (text) => text.replaceAll('[[', '\\[[')), schemaVersion: 9 });

/** Migrations by the version they read: `MIGRATIONS[1]` turns a v1 document into v2. */
const MIGRATIONS: Readonly<Record<number, Migration>> = { 1: v1ToV2, 2: v2ToV3, 3: v3ToV4, 4: v4ToV5, 5: v5ToV6, 6: v6ToV7, 7: v7ToV8, 8: v8ToV9 };

/** `holder`'s Ad-ID and ISCI as the editor stores them: trimmed, upper case (`abcd1234000 ` is ABCD1234000). */
function withCodes(holder: unknown): unknown {
  if (!isObject(holder)) return holder;
  const codes = Object.fromEntries(
    (['adId', 'isci'] as const).flatMap((field) => (typeof holder[field] === 'string' ? [[field, normaliseCampaignField(field, holder[field])]] : [])),
  );
  return { ...holder, ...codes };
}

/** The codes of a read document's campaign and versions as the editor stores them. */
function normaliseCodes(doc: Record<string, unknown>): Record<string, unknown> {
  const versions = doc['versions'];
  return { ...doc, campaign: withCodes(doc['campaign']), ...(Array.isArray(versions) ? { versions: versions.map(withCodes) } : {}) };
}

/**
 * Reads a project document of any known schema version: migrates it step by step to the current version,
 * then validates it. A document from a newer editor, one without a version, or a corrupt one is refused
 * with a `StudioProjectError`; nothing is half-loaded.
 */
export function readProject(value: unknown, root = 'project'): ProjectDocument {
  if (!isObject(value)) throw new StudioProjectError('project-invalid', [{ path: root, message: `expected a project document (an object), got ${describe(value)}` }]);
  const version = value['schemaVersion'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new StudioProjectError('project-invalid', [
      { path: `${root}.schemaVersion`, message: `expected a schema version (a whole number from 1 to ${SCHEMA_VERSION}), got ${describe(version)}` },
    ]);
  }
  if (version > SCHEMA_VERSION) {
    throw new StudioProjectError('project-too-new', [
      {
        path: `${root}.schemaVersion`,
        message: `this project was saved by a newer editor (schema ${version}; this editor reads up to ${SCHEMA_VERSION}); update the editor to open it`,
      },
    ]);
  }
  let current: Record<string, unknown> = value;
  for (let from = version; from < SCHEMA_VERSION; from++) {
    const migrate = MIGRATIONS[from];
    if (migrate === undefined) throw new StudioProjectError('project-invalid', [{ path: `${root}.schemaVersion`, message: `no migration from schema ${from}` }]);
    current = migrate(current, root);
  }
  current = normaliseCodes(current);
  validateProject(current, root);
  // A deep copy through JSON, so nothing the caller still holds can change the document later.
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(current));
  } catch (error) {
    throw new StudioProjectError('project-invalid', [{ path: root, message: `is not JSON-serialisable (${(error as Error).message})` }]);
  }
  return validateProject(copy, root);
}
