// The versions a feed's run delivers, in the Feed step: chosen with a tick each when the project has several
// (the open one by default), each a fill of the template the grid checks every row against, and named before the
// run starts and in its outcome. Templates and pure helpers: the panel holds the choice.
import { html, nothing, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import type { ProjectDocument } from '../../model/document.js';
import type { FeedCheckProject } from '../../rules/row.js';

/** A version of the project by its id and its name (its label, else its length). */
export interface FeedVersion {
  readonly id: string;
  readonly name: string;
}

/** What the panel reads of the project to check a row against one of its versions. */
export type FeedVersionsProject = FeedCheckProject & Pick<ProjectDocument, 'versions' | 'openVersion'>;

/** Version `id`'s content of `project`, as a feed's rows are checked against it (the open one: the project's own). */
export function versionContent(project: FeedVersionsProject, id: string): FeedCheckProject {
  if (id === project.openVersion) return project;
  const parked = project.versions.find((version) => version.id === id)?.parked;
  return parked === undefined ? project : { ...project, ...parked };
}

/**
 * The versions a run delivers: those `chosen` that the project still has, in its order; without a choice (or
 * none left), the open one.
 */
export function runVersions(versions: readonly FeedVersion[], chosen: readonly string[] | undefined, openVersion: string): FeedVersion[] {
  const kept = chosen === undefined ? [] : versions.filter((version) => chosen.includes(version.id));
  if (kept.length > 0) return kept;
  return versions.filter((version) => version.id === openVersion).slice(0, 1);
}

/** "Versions: :30 and Alt CTA", the run's versions in words (before a run and in its outcome). */
export const versionsText = (t: Translate, names: readonly string[]): string => t('deliver.versionCode', { version: t('deliver.versions'), code: t.list(names) });

/**
 * The choice of the versions a run delivers, with several: a checkbox each, labelled by its name; the last one
 * ticked cannot be unticked (a run delivers at least one).
 */
export function renderVersionChoice(t: Translate, versions: readonly FeedVersion[], chosen: readonly FeedVersion[], busy: boolean, onChange: (ids: string[]) => void): TemplateResult | typeof nothing {
  if (versions.length < 2) return nothing;
  const on = new Set(chosen.map((version) => version.id));
  const toggle = (id: string, ticked: boolean) => onChange(versions.filter((version) => (version.id === id ? ticked : on.has(version.id))).map((version) => version.id));
  return html`<fieldset part="versions" ?disabled=${busy}>
    <legend>${t('deliver.versions')}</legend>
    ${versions.map(
      (version) => html`<div class="check" data-version=${version.id}>
        <input type="checkbox" id="feed-version-${version.id}" .checked=${on.has(version.id)} ?disabled=${on.has(version.id) && on.size === 1}
          @change=${(event: Event) => toggle(version.id, (event.target as HTMLInputElement).checked)} />
        <label for="feed-version-${version.id}">${version.name}</label>
      </div>`,
    )}
  </fieldset>`;
}
