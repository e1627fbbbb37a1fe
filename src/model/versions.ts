// Versions of one ad (schema 6): the open one's content is the document's own fields; the others are parked.
// Making, opening, removing and naming versions, and views of a version for delivery and the switcher. The
// store's version edits are here too, added to the reducer when this module loads (with the versions bar,
// Deliver and the version maker): none is needed to paint an editor.

import { CAMPAIGN_FIELDS, CAMPAIGN_TEXT_LIMITS, campaignFieldProblem, normaliseCampaignField } from '../delivery/campaign.js';
import type { CampaignFields } from '../delivery/types.js';
import { CLEARANCE_MAX_LENGTH, VERSION_FIELDS, findVersion, openVersionOf, type ProjectDocument, type ProjectVersion, type VersionContent } from './document.js';
import type { EditAction } from './actions.js';
import { addEdits } from './reducer.js';
// The locks' edits load with the versions' (the locks guard every version): whoever has one has both.
import './locks.js';
import { StudioProjectError } from './project-error.js';

export { findVersion, openVersionOf };

/** The most versions in one project. */
export const MAX_VERSIONS = 50;

/** The open version's content: the document's own length, voice, script, clips and bed. */
export const openContent = (doc: ProjectDocument): VersionContent => ({ duration: doc.duration, voice: doc.voice, script: doc.script, clips: doc.clips, music: doc.music });

/** The content of version `id` (open or parked), or `undefined` for an unknown id. */
export function versionContent(doc: ProjectDocument, id: string): VersionContent | undefined {
  if (id === doc.openVersion) return openContent(doc);
  return findVersion(doc, id)?.parked;
}

/**
 * The document as if version `id` were open (nothing else changes): what Deliver renders and measures for each
 * version, and what the switcher checks, without switching. The same document for the open version.
 */
export function versionView(doc: ProjectDocument, id: string): ProjectDocument {
  if (id === doc.openVersion) return doc;
  const content = findVersion(doc, id)?.parked;
  if (content === undefined) throw new StudioProjectError('project-invalid', [{ path: 'project.versions', message: `has no version "${id}"` }]);
  return { ...doc, ...content, openVersion: id };
}

/**
 * The campaign fields a version's files carry: the campaign's, with the version's label and its own codes. Each
 * version is a creative of its own, so its Ad-ID and ISCI are its own: the campaign's Ad-ID and ISCI are the first
 * version's (`versions[0]`, the first in the versions bar), where it has none of its own, and no other version's.
 * Another version without its own code has none (`''`), never the campaign's.
 */
export function versionCampaign(doc: ProjectDocument, id: string = doc.openVersion): CampaignFields {
  const version = findVersion(doc, id);
  const first = doc.versions[0]?.id === id;
  return {
    ...doc.campaign,
    versionLabel: version?.label ?? '',
    adId: version?.adId || (first ? doc.campaign.adId : ''),
    isci: version?.isci || (first ? doc.campaign.isci : ''),
  };
}

/** A version id not yet used in `doc` (`v2`, `v3`...). */
export function nextVersionId(doc: ProjectDocument): string {
  const taken = new Set(doc.versions.map((version) => version.id));
  let n = doc.versions.length + 1;
  while (taken.has(`v${n}`)) n++;
  return `v${n}`;
}

/** `doc` with version `id` open: the open content is parked in its version, `id`'s is unparked. */
export function openVersion(doc: ProjectDocument, id: string): ProjectDocument {
  if (id === doc.openVersion) return doc;
  const target = findVersion(doc, id);
  if (target?.parked === undefined) return doc;
  const parked = openContent(doc);
  const versions = doc.versions.map((version): ProjectVersion => {
    if (version.id === doc.openVersion) return { ...version, parked };
    if (version.id !== id) return version;
    const { parked: _content, ...open } = version;
    return open;
  });
  return { ...doc, ...target.parked, versions, openVersion: id };
}

/** The label and codes of a version, checked as the campaign fields are; a wrong one throws a `StudioProjectError` naming it. */
function checkedVersionFields(index: number, fields: Partial<Pick<ProjectVersion, 'label' | 'adId' | 'isci'>>): Partial<Pick<ProjectVersion, 'label' | 'adId' | 'isci'>> {
  const issues: { path: string; message: string }[] = [];
  const out: { label?: string; adId?: string; isci?: string } = {};
  if (fields.label !== undefined) {
    if (typeof fields.label !== 'string' || fields.label.length > CAMPAIGN_TEXT_LIMITS.versionLabel) {
      issues.push({ path: `project.versions[${index}].label`, message: `a version label is text of at most ${CAMPAIGN_TEXT_LIMITS.versionLabel} characters` });
    } else out.label = fields.label;
  }
  for (const field of ['adId', 'isci'] as const) {
    const value = fields[field];
    if (value === undefined) continue;
    const problem = campaignFieldProblem(field, value);
    if (problem !== null) issues.push({ path: `project.versions[${index}].${field}`, message: problem.message });
    else out[field] = normaliseCampaignField(field, value);
  }
  if (issues.length > 0) throw new StudioProjectError('project-invalid', issues);
  return out;
}

/**
 * `doc` with a new version after the open one, made of `content`, and opened. Refused (a `StudioProjectError`)
 * past `MAX_VERSIONS`, for a taken id, or a wrong label or code.
 */
export function addVersion(doc: ProjectDocument, version: Pick<ProjectVersion, 'id'> & Partial<Pick<ProjectVersion, 'label' | 'adId' | 'isci'>>, content: VersionContent): ProjectDocument {
  if (doc.versions.length >= MAX_VERSIONS) throw new StudioProjectError('project-invalid', [{ path: 'project.versions', message: `holds at most ${MAX_VERSIONS} versions` }]);
  if (findVersion(doc, version.id) !== undefined) throw new StudioProjectError('project-invalid', [{ path: 'project.versions', message: `already has a version "${version.id}"` }]);
  const fields = checkedVersionFields(doc.versions.length, version);
  const at = doc.versions.findIndex((entry) => entry.id === doc.openVersion) + 1;
  const added: ProjectVersion = { id: version.id, label: fields.label ?? '', adId: fields.adId ?? '', isci: fields.isci ?? '', parked: pick(content) };
  const versions = [...doc.versions.slice(0, at), added, ...doc.versions.slice(at)];
  return openVersion({ ...doc, versions }, version.id);
}

/** Only the content fields of `content` (a caller may pass a whole document). */
function pick(content: VersionContent): VersionContent {
  return Object.fromEntries(VERSION_FIELDS.map((field) => [field, content[field]])) as unknown as VersionContent;
}

/** `doc` without version `id`; removing the open one opens its neighbour. The last version is never removed. */
export function removeVersion(doc: ProjectDocument, id: string): ProjectDocument {
  const index = doc.versions.findIndex((version) => version.id === id);
  if (index === -1 || doc.versions.length === 1) return doc;
  const opened = id === doc.openVersion ? openVersion(doc, doc.versions[index + 1]?.id ?? doc.versions[index - 1]!.id) : doc;
  return { ...opened, versions: opened.versions.filter((version) => version.id !== id) };
}

/** `doc` with version `id`'s label or codes changed; a wrong value throws a `StudioProjectError`. */
export function setVersionFields(doc: ProjectDocument, id: string, fields: Partial<Pick<ProjectVersion, 'label' | 'adId' | 'isci'>>): ProjectDocument {
  const index = doc.versions.findIndex((version) => version.id === id);
  if (index === -1) return doc;
  const checked = checkedVersionFields(index, fields);
  const version = doc.versions[index]!;
  if ((Object.keys(checked) as (keyof typeof checked)[]).every((key) => checked[key] === version[key])) return doc;
  const versions = doc.versions.slice();
  versions[index] = { ...version, ...checked };
  return { ...doc, versions };
}

/** The given campaign fields as stored (codes trimmed, upper case); throws a `StudioProjectError` naming each wrong one. */
function checkedCampaign(given: Partial<CampaignFields>): Partial<CampaignFields> {
  const issues: { path: string; message: string }[] = [];
  const fields: Partial<Record<keyof CampaignFields, string>> = {};
  for (const field of CAMPAIGN_FIELDS) {
    const value = given[field];
    if (value === undefined) continue;
    const problem = campaignFieldProblem(field, value);
    if (problem === null) fields[field] = normaliseCampaignField(field, value);
    else issues.push({ path: `project.campaign.${field}`, message: problem.message });
  }
  if (issues.length > 0) throw new StudioProjectError('project-invalid', issues);
  return fields;
}

/** The clearance number as stored (trimmed; empty: none), or a `StudioProjectError` naming it. */
function checkedClearance(given: unknown): string {
  if (typeof given !== 'string' || given.trim().length > CLEARANCE_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(given)) {
    throw new StudioProjectError('project-invalid', [{ path: 'project.campaign.clearance', message: `a clearance number is text of at most ${CLEARANCE_MAX_LENGTH} characters, without control characters` }]);
  }
  return given.trim();
}

/** `doc` with the given campaign fields (and its clearance number: empty removes it); the version label is the open version's. */
function setCampaign(doc: ProjectDocument, given: Partial<CampaignFields>): ProjectDocument {
  const clearance = given.clearance === undefined ? undefined : checkedClearance(given.clearance);
  const { versionLabel, ...fields } = checkedCampaign(given);
  const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((key) => fields[key] !== doc.campaign[key]);
  let next = changed ? { ...doc, campaign: { ...doc.campaign, ...fields } } : doc;
  if (clearance !== undefined && clearance !== (next.campaign.clearance ?? '')) {
    const { clearance: _was, ...campaign } = next.campaign;
    next = { ...next, campaign: clearance === '' ? campaign : { ...campaign, clearance } };
  }
  return versionLabel === undefined ? next : setVersionFields(next, next.openVersion, { label: versionLabel });
}

addEdits<Extract<EditAction, { type: `version/${string}` | 'campaign/set' }>>(['version/add', 'version/open', 'version/remove', 'version/set', 'campaign/set'], (doc, action) => {
  switch (action.type) {
    case 'campaign/set':
      return setCampaign(doc, action.campaign);
    case 'version/add':
      return addVersion(doc, action.version, action.content);
    case 'version/open':
      return openVersion(doc, action.id);
    case 'version/remove':
      return removeVersion(doc, action.id);
    case 'version/set': {
      const { id, label, adId, isci } = action;
      return setVersionFields(doc, id, Object.fromEntries(Object.entries({ label, adId, isci }).filter(([, value]) => value !== undefined)));
    }
  }
});
