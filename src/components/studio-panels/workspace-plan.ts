import type { PanelId } from '../../config/types.js';

/** A phone's views, chosen from its bottom bar. */
export type ViewId = 'create' | 'script' | 'timeline' | 'sound' | 'feed' | 'review' | 'deliver';

/** The steps a phone groups under Sound. */
export const SOUND_PANELS: readonly PanelId[] = ['voice', 'music', 'mix', 'master'];

/** What the workspace shows follows from three facts. */
export interface WorkspaceState {
  /** The step chosen in the rail (or the bottom bar). */
  active: PanelId | undefined;
  /** An ad exists (the project has clips): the stage is the timeline. */
  made: boolean;
  /** The user asked for the timeline itself (a phone's Timeline view), or the ad was just made. */
  timeline: boolean;
}

/** What the stage shows: the Create view (the recommend panel) until an ad exists, then the timeline. */
export function stageShows(state: WorkspaceState): 'create' | 'timeline' {
  return state.made || state.timeline ? 'timeline' : 'create';
}

/** The step in the side panel: the active one, unless the stage shows it already (the Create view). */
export function sideShows(state: WorkspaceState): PanelId | undefined {
  return stageShows(state) === 'create' && state.active === 'recommend' ? undefined : state.active;
}

/** A phone shows one view: the stage (the Create view or the timeline) or the side panel's step. */
export function phoneShows(state: WorkspaceState): 'stage' | 'panel' {
  return state.timeline || sideShows(state) === undefined ? 'stage' : 'panel';
}

/** The bottom bar's destination for a step. */
export function viewOf(panel: PanelId | undefined): ViewId {
  if (panel === 'recommend') return 'create';
  if (panel === 'script') return 'script';
  if (panel !== undefined && SOUND_PANELS.includes(panel)) return 'sound';
  if (panel === 'feed') return 'feed';
  if (panel === 'review') return 'review';
  return 'deliver';
}

/** The phone's destination shown now. */
export function currentView(state: WorkspaceState): ViewId {
  return state.timeline ? 'timeline' : viewOf(state.active);
}

/**
 * The bottom bar's destinations for the steps that are on, in workflow order: Create, Script, Timeline,
 * Sound (the first sound step that is on), Feed (when on), Review (when on), Deliver (Deliver, or Export without it). Each names
 * the step it opens (`undefined` for the timeline).
 */
export function phoneViews(panels: readonly PanelId[], timeline: boolean): { id: ViewId; panel: PanelId | undefined }[] {
  const views: { id: ViewId; panel: PanelId | undefined }[] = [];
  if (panels.includes('recommend')) views.push({ id: 'create', panel: 'recommend' });
  if (panels.includes('script')) views.push({ id: 'script', panel: 'script' });
  if (timeline) views.push({ id: 'timeline', panel: undefined });
  const sound = SOUND_PANELS.find((id) => panels.includes(id));
  if (sound !== undefined) views.push({ id: 'sound', panel: sound });
  if (panels.includes('feed')) views.push({ id: 'feed', panel: 'feed' });
  if (panels.includes('review')) views.push({ id: 'review', panel: 'review' });
  const deliver = panels.includes('deliver') ? 'deliver' : panels.includes('export') ? 'export' : undefined;
  if (deliver !== undefined) views.push({ id: 'deliver', panel: deliver });
  return views;
}
