// The lock of a part of the ad as a panel shows it: for a creator, a toggle and the reason adopters will read;
// for an adopter, the lock and its reason (the text that the part's disabled controls point to).
import { css, html, nothing, svg } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import type { EditorRole } from '../../model/lock-rules.js';
// The store's `lock/set`, which every lock control's panel dispatches, comes with them.
import '../../model/locks.js';
import '../../i18n/later-words.js';

/** What a lock control shows and does. */
export interface LockControl {
  readonly role: EditorRole;
  readonly locked: boolean;
  readonly reason: string | undefined;
  /** What is locked, in the user's words ("Disclaimer", "the music bed"): the toggle's accessible name. */
  readonly name: string;
  /** The id of the adopter's note, which the part's controls name in `aria-describedby`. */
  readonly noteId: string;
  /** A creator locks or unlocks, or changes the reason. */
  readonly set: (locked: boolean, reason: string | undefined) => void;
}

/** A padlock drawn in the text colour (an emoji may have no font to show it), hidden from screen readers. */
export const lockIcon = html`<svg class="lock-icon" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">${svg`<rect x="2" y="5" width="8" height="6.5" rx="1" fill="currentColor"></rect><path d="M3.75 5V3.6a2.25 2.25 0 0 1 4.5 0V5" fill="none" stroke="currentColor" stroke-width="1.3"></path>`}</svg>`;

/** "Locked: <reason>" (or "Locked"), as an adopter reads it. */
export const lockNote = (t: Translate, reason: string | undefined): string => (reason === undefined ? t('lock.locked') : t('lock.lockedReason', { reason }));

/** Whether the locks hold on a part: locked, and the adopter edits. */
export const lockHolds = (control: Pick<LockControl, 'role' | 'locked'>): boolean => control.role === 'adopter' && control.locked;

/** The creator's toggle and reason, or the adopter's note on a locked part (nothing on an unlocked one). */
export function renderLock(t: Translate, control: LockControl) {
  // An adopter, or a reviewer (who edits nothing): the lock's note, never its toggle.
  if (control.role !== 'creator') {
    return control.locked
      ? html`<span class="lock-note" part="lock-note" id=${control.noteId}>${lockIcon} ${lockNote(t, control.reason)}</span>`
      : nothing;
  }
  return html`<span class="lock-set" part="lock">
    <label><input type="checkbox" .checked=${control.locked} aria-label=${t('lock.toggleNamed', { name: control.name })}
      @change=${(event: Event) => control.set((event.target as HTMLInputElement).checked, control.reason)} /> ${t('lock.toggle')}</label>
    ${control.locked
      ? html`<input type="text" class="lock-reason" maxlength="200" .value=${control.reason ?? ''} placeholder=${t('lock.reasonHint')}
          aria-label=${t('lock.reason', { name: control.name })} @change=${(event: Event) => control.set(true, (event.target as HTMLInputElement).value)} />`
      : nothing}
  </span>`;
}

/** Styles of the lock control, for the panels that show one. */
export const lockStyles = css`
  .lock-set {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    font-size: max(11px, 0.85em);
  }
  .lock-set label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  @media (pointer: coarse) {
    .lock-set label {
      min-height: 44px;
      min-width: 44px;
    }
  }
  .lock-reason {
    min-width: 0;
    flex: 1 1 12em;
    font: inherit;
    padding: 2px 6px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: 4px;
    background: var(--_surface, #fff);
    color: inherit;
  }
  .lock-icon {
    flex: none;
    vertical-align: -1px;
  }
  li.locked textarea,
  li.locked input[readonly] {
    background: var(--_surface-alt, #f3f4f6);
  }
  .lock-note {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font-size: max(11px, 0.85em);
    color: var(--_text, #111827);
    background: var(--_surface-alt, #f3f4f6);
    border: 1px solid var(--_border, #d1d5db);
    border-radius: 4px;
    padding: 1px 6px;
  }
`;
