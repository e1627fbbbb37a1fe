/** A button on a notice. */
export interface NoticeAction {
  readonly label: string;
  readonly run: () => void;
}

/** Kinds of persistence notices. */
export type NoticeKind = 'restore-draft' | 'save-failed' | 'other-tab' | 'draft-unreadable';

/** A message about the user's work that the editor shows until it is resolved or dismissed. */
export interface StudioNotice {
  /** Stable per kind: a newer notice of the same kind replaces the older one. */
  readonly kind: NoticeKind;
  readonly tone: 'info' | 'warning' | 'error';
  readonly message: string;
  readonly actions: readonly NoticeAction[];
  /** Whether the user may simply close it. */
  readonly dismissible: boolean;
}
