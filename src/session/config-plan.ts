import { PROJECT_DEFAULT_AREAS, changedAreas, needsNewSession, sameContent } from '../config/compare.js';
import type { ResolvedConfig } from '../config/types.js';
import type { ProjectDocument } from '../model/document.js';
import { projectFromConfig, type EditorState } from '../model/editor-state.js';

/**
 * What a new config does to a running editor: `same` nothing (the same content); `start` a session (none
 * runs); `switch` saves the project and starts over (another user, project or service); `live` changes
 * in place, keeping the project, its history, jobs and playback.
 */
export type ConfigPlan = 'same' | 'start' | 'switch' | 'live';

/** The session's side of a plan. */
export interface PlanState {
  /** A session runs. */
  readonly running: boolean;
  /** A switch is saving the project before its session starts over. */
  readonly switching: boolean;
}

/** The plan for going from `previous` (undefined before the first valid config) to `next`. */
export function planConfig(previous: ResolvedConfig | undefined, next: ResolvedConfig, { running, switching }: PlanState): ConfigPlan {
  if (previous !== undefined && sameContent(previous, next)) return 'same';
  if (previous === undefined || !running) return 'start';
  // A config that comes while a switch saves goes with the switch: the session started then is the newest.
  if (switching || needsNewSession(previous, next)) return 'switch';
  return 'live';
}

/**
 * The project to start over from when a live config changes the project's defaults: only one nobody has
 * touched (no edit, no history, still what `previous` made); the user's work always wins (undefined).
 */
export function reappliedDefaults(previous: ResolvedConfig, next: ResolvedConfig, state: EditorState, untitled: string): ProjectDocument | undefined {
  const changed = changedAreas(previous, next);
  if (!PROJECT_DEFAULT_AREAS.some((area) => changed.has(area))) return undefined;
  const { project } = state;
  const untouched = !state.dirty && state.history.pastDepth === 0 && state.history.futureDepth === 0 && sameContent(project, projectFromConfig(previous, project.project_id, untitled));
  return untouched ? projectFromConfig(next, project.project_id, untitled) : undefined;
}
