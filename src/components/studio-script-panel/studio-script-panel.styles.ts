import { css } from 'lit';

/** The Script panel's own layout: the warnings with their fixes and prices, the notes, and the reviewer's read-only script. */
export const scriptStyles = css`
  p {
    margin: 0;
  }
  .warning {
    display: grid;
    gap: 8px;
    padding: 8px 12px;
    border-left: 4px solid var(--_danger, #b91c1c);
    background: var(--_surface-alt, #f9fafb);
  }
  .warning .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  .note {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 8px 12px;
    border-left: 4px solid var(--_accent, #2563eb);
    background: var(--_surface-alt, #f9fafb);
  }
  .note p {
    flex: 1 1 16em;
  }
  .cost {
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }
  .script-read {
    display: grid;
    gap: 12px;
  }
  .script-read section {
    display: grid;
    gap: 4px;
  }
  .script-read h4 {
    margin: 0;
    font-size: 1em;
  }
  .script-read textarea {
    font: inherit;
    resize: vertical;
    background: var(--_surface-alt, #f9fafb);
  }
  .script-read button {
    justify-self: start;
  }
`;
