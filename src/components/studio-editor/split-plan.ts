/** The smallest timeline and the smallest panel area the splitter leaves, in CSS pixels. */
export const MIN_TIMELINE_PX = 96;
export const MIN_PANELS_PX = 160;

/** Whether the timeline has nothing to show: no clip and no music. */
export function nothingOnTimeline(project: { readonly clips: readonly unknown[]; readonly music: { readonly url: string | null } | null }): boolean {
  return project.clips.length === 0 && (project.music === null || project.music.url === null);
}

/** The panels' least share of the editor once the ad is made: 55 % up to 700 px tall, rising to 65 % at 1200 px. */
export function panelShare(editorPx: number): number {
  const taller = Math.min(1, Math.max(0, (editorPx - 700) / 500));
  return 0.55 + 0.1 * taller;
}

/** The timeline's height from a wish (the splitter), kept inside the room the two halves share. */
export function clampTimeline(px: number, roomPx: number): number {
  return Math.round(Math.min(Math.max(px, MIN_TIMELINE_PX), Math.max(MIN_TIMELINE_PX, roomPx - MIN_PANELS_PX)));
}

/** What the split is planned from. */
export interface SplitInput {
  /** The editor's height (its host), px. */
  editorPx: number;
  /** The panels' and the timeline's heights together now: the room the splitter shares, px. */
  roomPx: number;
  /** Nothing is on the timeline yet (no clip, no music). */
  empty: boolean;
  /** Where the user put the splitter (the timeline's height, px); undefined when they did not. */
  userPx: number | undefined;
}

/**
 * The timeline's grid track, in proportion to the task: the user's splitter wins; an empty timeline takes
 * its natural height (the one line saying what will appear there), leaving the panels the room; once there
 * is something on it, its natural height up to what leaves the panels their share of the editor
 * (`panelShare`). Plain numbers in, a CSS track out (`fit-content()` is natural height up to a limit).
 */
export function timelineTrack({ editorPx, roomPx, empty, userPx }: SplitInput): string {
  if (userPx !== undefined) return `${clampTimeline(userPx, roomPx)}px`;
  if (empty) return 'minmax(0, auto)';
  // A pixel to spare: the rows around the two halves have fractional heights.
  const most = roomPx - Math.ceil(panelShare(editorPx) * editorPx - 1e-6) - 1;
  return `fit-content(${clampTimeline(most, roomPx)}px)`;
}
