import type { ProjectVersion } from './document.js';

/** `:15` for an ad of 15 s (`:7.5` for a length with a fraction). */
export const lengthName = (seconds: number): string => `:${Math.round(seconds * 10) / 10}`;

/** What a version is called: its label, or its length (`:15`) when it has none. Text, never markup. */
export const versionName = (version: Pick<ProjectVersion, 'label'>, seconds: number): string => (version.label.trim() === '' ? lengthName(seconds) : version.label);
