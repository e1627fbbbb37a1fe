import type { PreviewState } from '../../audio/preview-state.js';
import type { PanelId, ResolvedConfig } from '../../config/types.js';
import { creditsOf } from '../../model/credits.js';
import { presetNumbers } from '../../delivery/presets.js';
import { canRedo, canUndo, type EditorAction, type EditorState } from '../../model/editor-state.js';
import type { MixLoudness } from '../studio-toolbar/level-meter.js';
import type { ToolbarAction } from '../studio-toolbar/studio-toolbar.js';

/** What a toolbar button or a key asks of the editor. */
export type EditorCommand =
  | { readonly kind: 'store'; readonly action: EditorAction }
  | { readonly kind: 'play-toggle' }
  | { readonly kind: 'show-panel'; readonly panel: PanelId }
  | { readonly kind: 'fullscreen' }
  | { readonly kind: 'open'; readonly url: string };

/** The command of a toolbar button; undefined for one this config does not offer. */
export function toolbarCommand(action: ToolbarAction, config: ResolvedConfig | undefined, projectId: string): EditorCommand | undefined {
  switch (action) {
    case 'undo':
      return { kind: 'store', action: { type: 'history/undo' } };
    case 'redo':
      return { kind: 'store', action: { type: 'history/redo' } };
    case 'play-toggle':
      return { kind: 'play-toggle' };
    case 'export':
      return { kind: 'show-panel', panel: 'export' };
    case 'fullscreen':
      return { kind: 'fullscreen' };
    case 'open-in-studio':
      return config?.tools.openInStudio ? { kind: 'open', url: config.tools.openInStudio.replaceAll('{project_id}', encodeURIComponent(projectId)) } : undefined;
  }
}

/**
 * Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y, or Cmd on a Mac): undo and redo, anywhere in the editor but in a text
 * field, which has its own, and but where an element handled the key already (the timeline sends its own undo).
 */
export function keyCommand(event: KeyboardEvent): EditorAction | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return undefined;
  const target = event.composedPath()[0];
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z' && !event.shiftKey) return { type: 'history/undo' };
  if ((key === 'z' && event.shiftKey) || key === 'y') return { type: 'history/redo' };
  return undefined;
}

/** What the toolbar shows of the editor's state (its title, time and meter come from elsewhere). */
export interface ToolbarModel {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly playing: boolean;
  readonly canPlay: boolean;
  /** The preview's length once rendered, else the project's. */
  readonly duration: number;
  /** The delivery preset's loudness target and true-peak ceiling, for the meter. */
  readonly target: number;
  readonly ceiling: number;
  /** The made mix's last measured loudness and true peak (the preview's, the master's when mastering is on). */
  readonly lastMix: MixLoudness | undefined;
  readonly credits: number | undefined;
  readonly creditsLeft: number | undefined;
  /** Export is on and there is something to hear. */
  readonly canExport: boolean;
  readonly openInStudio: boolean;
}

/** The toolbar's model of `state` under `config`, with the preview's state. */
export function toolbarModel(state: EditorState, config: ResolvedConfig, preview: PreviewState | undefined): ToolbarModel {
  const { project } = state;
  const credits = creditsOf(project.usage);
  const numbers = presetNumbers(project.mastering.preset, project.mastering);
  return {
    canUndo: canUndo(state),
    canRedo: canRedo(state),
    playing: preview?.transport === 'playing',
    canPlay: preview !== undefined && preview.status !== 'empty' && preview.duration > 0,
    duration: preview?.duration || project.duration,
    target: numbers.target,
    ceiling: numbers.truePeak,
    // The measurement itself (it keeps its identity until the next render), so the toolbar updates only when it changes.
    lastMix: preview?.measurement ?? undefined,
    credits: credits.used,
    creditsLeft: credits.left,
    canExport: config.tools.exportFormats.length > 0 && config.tools.role !== 'reviewer' && (project.clips.length > 0 || project.music?.url != null),
    openInStudio: config.tools.openInStudio !== undefined,
  };
}
