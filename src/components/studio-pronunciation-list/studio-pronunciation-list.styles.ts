import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
  }
  section {
    display: grid;
    gap: 8px;
  }
  h3,
  h4,
  p {
    margin: 0;
  }
  h3 {
    font-size: 1em;
  }
  h4 {
    font-size: max(11px, 0.95em);
    margin-top: 4px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 4px;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 4px 12px;
    padding: 6px 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
    background: var(--_surface-alt, #f9fafb);
  }
  li.editing {
    border-color: var(--_accent, #2563eb);
  }
  .entry {
    overflow-wrap: anywhere;
    min-width: 0;
  }
  .tools {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  button.small {
    min-height: 32px;
    padding: 0 10px;
  }
  .cost {
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.85em);
    white-space: nowrap;
  }
  form {
    display: grid;
    gap: 8px;
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
    gap: 8px 12px;
  }
  .field {
    display: grid;
    gap: 4px;
    align-content: start;
  }
  .field-error:empty {
    display: none;
  }
  label.case {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-weight: normal;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
`;
