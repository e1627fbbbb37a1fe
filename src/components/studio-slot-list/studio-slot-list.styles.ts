import { css } from 'lit';

export const styles = css`
  :host {
    display: grid;
    gap: 8px;
    min-width: 0;
  }
  :host([hidden]) {
    display: none;
  }
  h3,
  p {
    margin: 0;
  }
  fieldset {
    display: grid;
    gap: 6px;
    min-width: 0;
    padding: 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
  }
  legend {
    padding: 0 4px;
  }
  .slot-name {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    overflow-wrap: anywhere;
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
    gap: 8px 12px;
  }
  .field {
    display: grid;
    gap: 4px;
    align-content: start;
    min-width: 0;
  }
  .field label {
    font-weight: normal;
  }
  .field p {
    overflow-wrap: anywhere;
  }
`;
