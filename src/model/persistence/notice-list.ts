// The notices an autosave shows (a draft to restore, a failed save, another tab's newer work): one per kind, a
// newer one of a kind replacing the older at the end, and whoever shows them told at each change.
import type { NoticeKind, StudioNotice } from '../notices.js';

export class NoticeList {
  readonly #notices = new Map<NoticeKind, StudioNotice>();
  readonly #changed: (notices: readonly StudioNotice[]) => void;

  constructor(changed: (notices: readonly StudioNotice[]) => void) {
    this.#changed = changed;
  }

  /** The notices to show now, oldest first. */
  get all(): readonly StudioNotice[] {
    return [...this.#notices.values()];
  }

  /** Shows `notice`, in place of any of its kind. */
  set(notice: StudioNotice): void {
    this.#notices.delete(notice.kind);
    this.#notices.set(notice.kind, notice);
    this.#changed(this.all);
  }

  /** Takes away the notice of `kind`, if shown. */
  clear(kind: NoticeKind): void {
    if (this.#notices.delete(kind)) this.#changed(this.all);
  }

  /** Takes away the notice of `kind` if the user may simply close it. */
  dismiss(kind: NoticeKind): void {
    if (this.#notices.get(kind)?.dismissible) this.clear(kind);
  }
}
