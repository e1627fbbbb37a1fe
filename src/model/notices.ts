import type { StringKey } from '../i18n/en.js';

/** A button on a notice; `label` is a key of the text catalogue (the notice is shown in the editor's language). */
export interface NoticeAction {
  readonly label: StringKey;
  readonly run: () => void;
}

/** Kinds of notices: those of persistence, and the confirmation of "Make the ad" (`ad-made`). */
export type NoticeKind = 'restore-draft' | 'save-failed' | 'other-tab' | 'draft-unreadable' | 'ad-made';

/** A message about the user's work that the editor shows until it is resolved or dismissed. */
export interface StudioNotice {
  /** Stable per kind: a newer notice of the same kind replaces the older one. */
  readonly kind: NoticeKind;
  readonly tone: 'info' | 'warning' | 'error';
  /** Key of the text catalogue, with `params` for its placeholders. */
  readonly message: StringKey;
  readonly params?: Readonly<Record<string, string | number>>;
  /** Text keys of details listed after the message ("Differs in: title, script."). */
  readonly details?: readonly StringKey[];
  readonly actions: readonly NoticeAction[];
  /** Whether the user may simply close it. */
  readonly dismissible: boolean;
}
