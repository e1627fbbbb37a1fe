import { html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { StudioElement } from '../shared/studio-element.js';
import type { NoticeKind, StudioNotice } from '../../model/notices.js';
import { styles } from './studio-notices.styles.js';

/**
 * Shows notices about the user's work: a stored draft to restore, a save that failed (with "export
 * project file"), the project edited in another tab. Errors and warnings are announced as alerts.
 *
 * @tagname studio-editor-notices
 *
 * @csspart list - The list of notices.
 * @csspart notice - One notice (also `notice-info`, `notice-warning` or `notice-error`).
 * @csspart message - The words of a notice.
 * @csspart action - A button of a notice.
 * @csspart dismiss - The button that closes a dismissible notice.
 *
 * @cssprop [--studio-warning=#b45309] - Edge colour of warnings.
 */
export class StudioNotices extends StudioElement {
  static override styles = styles;

  /** The notices to show, oldest first. */
  @property({ attribute: false })
  notices: readonly StudioNotice[] = [];

  /** Called when the user closes a dismissible notice. */
  @property({ attribute: false })
  onDismiss: ((kind: NoticeKind) => void) | undefined;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('notices')) this.toggleAttribute('has-notices', this.notices.length > 0);
  }

  protected override render() {
    // Each notice is a live region of its own (status or alert): those roles are not list items, so no list.
    return html`<div part="list">
      ${this.notices.map(
        (notice) => html`<div
          part="notice notice-${notice.tone}"
          class=${notice.tone}
          data-kind=${notice.kind}
          role=${notice.tone === 'info' ? 'status' : 'alert'}
        >
          <span part="message">${this.t(notice.message, notice.params)}${notice.details?.length ? ` ${this.t('notice.details', { list: this.t.list(notice.details.map((key) => this.t(key))) })}` : ''}</span>
          ${notice.actions.map((action) => html`<button part="action" type="button" @click=${() => action.run()}>${this.t(action.label)}</button>`)}
          ${notice.dismissible
            ? html`<button part="dismiss" type="button" aria-label=${this.t('notice.dismiss')} @click=${() => this.onDismiss?.(notice.kind)}>×</button>`
            : ''}
        </div>`,
      )}
    </div>`;
  }
}

defineElement('studio-editor-notices', StudioNotices);

declare global {
  interface HTMLElementTagNameMap {
    'studio-editor-notices': StudioNotices;
  }
}
