import { css } from 'lit';

export const styles = css`
  :host {
    display: grid;
    gap: var(--_space, 12px);
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_space, 12px);
  }
  /* Grid items may shrink below their content (a long word or URL), so no card pushes the panel wider. */
  li {
    min-width: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 6px;
    padding: 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
  }
  li.stale {
    border-left: 4px solid var(--_warning, #b45309);
  }
  .head {
    display: flex;
    align-items: center;
    gap: 8px;
    flex-wrap: wrap;
  }
  input.label {
    flex: 1 1 140px;
    min-width: 0;
    font-weight: 600;
  }
  .estimate {
    color: var(--_text-muted, #4b5563);
    font-variant-numeric: tabular-nums;
  }
  .badge {
    font-size: 0.8em;
    padding: 2px 6px;
    border-radius: 999px;
    background: var(--_warning-surface, #fef3c7);
    color: var(--_warning-text, #78350f);
  }
  .tools {
    display: inline-flex;
    gap: 4px;
    margin-left: auto;
  }
  button.small {
    min-height: 32px;
    min-width: 32px;
    padding: 0 8px;
  }
  /*
   * Border and padding inside the 100%: a content-box textarea is wider than its card. It grows with its
   * text (field-sizing, or the script's fallback where the browser lacks it) up to about twelve lines, then
   * scrolls.
   */
  textarea {
    width: 100%;
    box-sizing: border-box;
    field-sizing: content;
    min-height: calc(3em + 14px);
    max-height: 19em;
    overflow-y: auto;
  }
  .voice {
    display: flex;
    gap: 8px;
    align-items: center;
    font-weight: normal;
  }
  [part='total'] {
    display: grid;
    gap: 2px;
    font-variant-numeric: tabular-nums;
  }
  [part='total'].over {
    color: var(--_danger, #b91c1c);
    font-weight: 600;
  }
  .actions {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
  }
  :host > button {
    justify-self: start;
  }
  .cost {
    align-self: center;
    color: var(--_text-muted, #4b5563);
    font-size: 0.9em;
  }
`;
