import type { StringKey } from '../../i18n/en.js';
import type { Translate } from '../../i18n/translate.js';
import '../../i18n/later-words.js';

/** What a key does on the timeline; the element runs it (see `StudioTimeline`). */
export type ShortcutAction =
  | 'cancel-gesture'
  | 'undo'
  | 'redo'
  | 'play-toggle'
  | 'nudge-left'
  | 'nudge-right'
  | 'step-left'
  | 'step-right'
  | 'to-start'
  | 'to-end'
  | 'delete'
  | 'split'
  | 'join'
  | 'mute'
  | 'solo'
  | 'zoom-fit'
  | 'comment'
  | 'range-left'
  | 'range-right'
  | 'clear-range'
  | 'previous-marker'
  | 'next-marker'
  | 'previous-word'
  | 'next-word';

/** Modifier state a shortcut needs: `true` held, `false` not held, absent either. `mod` is Ctrl or Cmd. */
export interface ShortcutModifiers {
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

export interface Shortcut {
  /** `KeyboardEvent.key`; letters in lower case (matched either case). */
  key: string;
  modifiers: ShortcutModifiers;
  action: ShortcutAction;
  /** `clip`: only with a clip focused; `timeline`: anywhere in it. */
  scope: 'clip' | 'timeline';
  /** The help text's sentence for it; shortcuts sharing one are described once. */
  description: StringKey;
}

const CLIP_KEY = { mod: false, alt: false } as const;

/** The timeline's keys, built once; the help text is read from it. */
export const TIMELINE_SHORTCUTS: readonly Shortcut[] = Object.freeze([
  { key: 'Escape', modifiers: {}, action: 'cancel-gesture', scope: 'timeline', description: 'timeline.key.escape' },
  { key: 'Escape', modifiers: {}, action: 'clear-range', scope: 'timeline', description: 'timeline.key.range' },
  { key: 'z', modifiers: { mod: true, shift: false }, action: 'undo', scope: 'timeline', description: 'timeline.key.undo' },
  { key: 'z', modifiers: { mod: true, shift: true }, action: 'redo', scope: 'timeline', description: 'timeline.key.undo' },
  { key: 'y', modifiers: { mod: true }, action: 'redo', scope: 'timeline', description: 'timeline.key.undo' },
  { key: ' ', modifiers: {}, action: 'play-toggle', scope: 'timeline', description: 'timeline.key.play' },
  { key: 'ArrowLeft', modifiers: { ...CLIP_KEY, shift: false }, action: 'nudge-left', scope: 'clip', description: 'timeline.key.nudge' },
  { key: 'ArrowRight', modifiers: { ...CLIP_KEY, shift: false }, action: 'nudge-right', scope: 'clip', description: 'timeline.key.nudge' },
  { key: 'ArrowLeft', modifiers: { ...CLIP_KEY, shift: true }, action: 'step-left', scope: 'clip', description: 'timeline.key.nudge' },
  { key: 'ArrowRight', modifiers: { ...CLIP_KEY, shift: true }, action: 'step-right', scope: 'clip', description: 'timeline.key.nudge' },
  { key: 'Home', modifiers: CLIP_KEY, action: 'to-start', scope: 'clip', description: 'timeline.key.ends' },
  { key: 'End', modifiers: CLIP_KEY, action: 'to-end', scope: 'clip', description: 'timeline.key.ends' },
  { key: 'Delete', modifiers: CLIP_KEY, action: 'delete', scope: 'clip', description: 'timeline.key.delete' },
  { key: 'Backspace', modifiers: CLIP_KEY, action: 'delete', scope: 'clip', description: 'timeline.key.delete' },
  { key: 's', modifiers: { ...CLIP_KEY, shift: false }, action: 'split', scope: 'clip', description: 'timeline.key.split' },
  { key: 'j', modifiers: { ...CLIP_KEY, shift: false }, action: 'join', scope: 'clip', description: 'timeline.key.split' },
  { key: 'm', modifiers: { ...CLIP_KEY, shift: false }, action: 'mute', scope: 'timeline', description: 'timeline.key.mute' },
  { key: 's', modifiers: { ...CLIP_KEY, shift: true }, action: 'solo', scope: 'timeline', description: 'timeline.key.mute' },
  { key: 'f', modifiers: { ...CLIP_KEY, shift: false }, action: 'zoom-fit', scope: 'timeline', description: 'timeline.key.fit' },
  { key: 'c', modifiers: { ...CLIP_KEY, shift: false }, action: 'comment', scope: 'timeline', description: 'timeline.key.comment' },
  // After the clip's Shift+arrows (which move a clip that can move): Shift+arrows elsewhere, Alt+Shift+arrows anywhere.
  { key: 'ArrowLeft', modifiers: { mod: false, shift: true }, action: 'range-left', scope: 'timeline', description: 'timeline.key.range' },
  { key: 'ArrowRight', modifiers: { mod: false, shift: true }, action: 'range-right', scope: 'timeline', description: 'timeline.key.range' },
  { key: '[', modifiers: CLIP_KEY, action: 'previous-marker', scope: 'timeline', description: 'timeline.key.markers' },
  { key: ']', modifiers: CLIP_KEY, action: 'next-marker', scope: 'timeline', description: 'timeline.key.markers' },
  { key: ',', modifiers: CLIP_KEY, action: 'previous-word', scope: 'clip', description: 'timeline.key.words' },
  { key: '.', modifiers: CLIP_KEY, action: 'next-word', scope: 'clip', description: 'timeline.key.words' },
] satisfies Shortcut[]);

const held = (want: boolean | undefined, has: boolean) => want === undefined || want === has;

/** Whether `event` is `shortcut`'s key with its modifiers. */
export function matches(shortcut: Shortcut, event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key !== shortcut.key) return false;
  const { mod, shift, alt } = shortcut.modifiers;
  return held(mod, event.ctrlKey || event.metaKey) && held(shift, event.shiftKey) && held(alt, event.altKey);
}

/** The shortcuts `event` triggers, in table order: `onClip` says whether a clip has the focus. */
export function shortcutsFor(event: KeyboardEvent, onClip: boolean, shortcuts: readonly Shortcut[] = TIMELINE_SHORTCUTS): Shortcut[] {
  return shortcuts.filter((shortcut) => (onClip || shortcut.scope === 'timeline') && matches(shortcut, event));
}

/** The help text: each distinct description once, in table order. */
export function shortcutHelp(t: Translate, shortcuts: readonly Shortcut[] = TIMELINE_SHORTCUTS): string {
  return [...new Set(shortcuts.map((shortcut) => shortcut.description))].map((key) => t(key)).join(' ');
}
