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
 * scroll area while the rest of its block scrolls under it.
 */
export const actionRowStyles = css`
  .actions {
    position: sticky;
    bottom: 0;
    z-index: 2;
    padding-block: 8px;
    background: var(--_surface, #ffffff);
  }
`;
