// The parts of the editor's status line that a project can need at first paint: the work a reload restored,
// the open version, and the spoken length. What the preview says and why an edit was refused come once the
// editor is ready (./status-line.ts, a module of its own with its words): there is no preview before, nor
// anything refused.
import type { ProjectDocument } from '../../model/document.js';
import { openVersionOf } from '../../model/document.js';
import { versionName } from '../../model/version-name.js';
import type { Translate } from '../../i18n/translate.js';
import { lengthSummary } from '../shared/length-words.js';
import { spokenLength } from '../../script/spoken-length.js';

/** "Restored your work from …" (with a space after it) while the work a reload brought back is unedited; else empty. */
export function restoredLine(t: Translate, restoredAt: string | undefined): string {
  if (restoredAt === undefined) return '';
  const date = new Date(restoredAt);
  if (Number.isNaN(date.getTime())) return '';
  return `${t('status.restored', { time: t.date(date), ago: t.relative(date) })} `;
}

/** "Version :15 is open." (with a space after it) when the project has more than one version; else empty. */
export function versionLine(t: Translate, project: ProjectDocument): string {
  if (project.versions.length < 2) return '';
  return `${t('status.version', { name: versionName(openVersionOf(project), project.duration) })} `;
}

/**
 * " Spoken: 28.7 s of 30 s · 2.6 words/s · Read at 1.16x to fit 30 s." (with a space before it) once the open
 * version has takes: the same figure as the Script panel, the idea card and the version chip; else empty.
 */
export function lengthLine(t: Translate, project: ProjectDocument): string {
  const length = spokenLength(project);
  return length.estimate ? '' : ` ${lengthSummary(t, length)}.`;
}
