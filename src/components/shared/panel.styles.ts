import { css } from 'lit';

/** The layout every workflow panel shares: a column of blocks spaced by the editor's unit, hidden when not shown. */
export const panelStyles = css`
  :host {
    display: grid;
    gap: var(--_space, 12px);
    align-content: start;
    min-width: 0;
  }
  :host([hidden]) {
    display: none;
  }
`;

/**
 * A panel's action row (`.actions`): its primary action stays in reach, stuck to the bottom of the panel's
 * scroll area while the rest of its block scrolls under it. Stuck at the area's edge, not its padding's (the
 * panel and the Create view are padded by the editor's unit): nothing scrolled shows below the row.
 */
export const actionRowStyles = css`
  .actions {
    position: sticky;
    bottom: calc(-1 * var(--_space, 12px));
    z-index: 2;
    padding-block: 8px;
    background: var(--_surface, #ffffff);
  }
  /*
   * What the row could cover stops above it when brought into view (a field focused, a control scrolled to): room
   * for the row's buttons on two lines, as on a phone, where they wrap. On every element, the row's too (it is in
   * view already): the first paint's budget has no room for a longer selector.
   */
  * {
    scroll-margin-bottom: 8rem;
  }
`;

/**
 * A choice with its figures under it (`numbers`), where they come from (`source`) and a `.hint`: a mastering
 * preset, a delivery destination. Indented past the radio or checkbox, in the muted colour.
 */
export const sourcedChoiceStyles = css`
  [part='numbers'],
  [part='source'],
  .hint {
    flex-basis: 100%;
    padding-inline-start: 26px;
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }
`;
