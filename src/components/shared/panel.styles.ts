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
