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
  /* What the old take says, while it plays: muted, the new words marked in the warning's colours. */
  .heard {
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
    overflow-wrap: anywhere;
  }
  .heard p {
    margin: 0;
  }
  .heard .lead {
    font-weight: 600;
  }
  .heard mark {
    padding: 0 2px;
    border-radius: 2px;
    background: var(--_warning-surface, #fef3c7);
    color: var(--_warning-text, #78350f);
  }
  /* Under the words it comments on, as wide as its name. */
  .comment-words {
    justify-self: start;
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
    /* Never under 11 px, also at the compact 13 px. */
    font-size: max(11px, 0.8em);
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
  /*
   * A section with marked words: the highlights lie behind the text area, in the same box, font and wrapping,
   * and the text area is see-through over them.
   */
  .field {
    position: relative;
    display: grid;
  }
  .marks {
    position: absolute;
    inset: 0;
    box-sizing: border-box;
    padding: 6px 10px;
    border: 1px solid transparent;
    border-radius: var(--_radius, 8px);
    background: var(--_surface, #ffffff);
    line-height: 1.5;
    white-space: pre-wrap;
    overflow-wrap: break-word;
    overflow: hidden;
    color: transparent;
    scrollbar-gutter: stable;
  }
  .marked textarea {
    position: relative;
    background: transparent;
    scrollbar-gutter: stable;
  }
  mark {
    color: transparent;
    background: var(--_mark, rgb(37 99 235 / 0.16));
    border-radius: 3px;
    box-shadow: inset 0 -2px 0 var(--_accent, #2563eb);
  }
  /* A direction mark in the text ([[pause 1.0s]]): a chip behind it, apart from the words read. */
  mark.cue {
    background: rgb(124 58 237 / 0.14);
    border-radius: 6px;
    box-shadow: inset 0 0 0 1px rgb(124 58 237 / 0.55);
  }
  .said {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    font-size: max(11px, 0.85em);
    color: var(--_text-muted, #4b5563);
  }
  .chip {
    display: inline-block;
    margin: 0 4px 4px 0;
    padding: 1px 8px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: 999px;
    overflow-wrap: anywhere;
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
  /* On a touch screen, while a field of the script is typed in (the on-screen keyboard up, the view short), the
     actions keep their place after the sections instead of sticking over the field and its caret. */
  @media (pointer: coarse) {
    ol:has(textarea:focus, input:not([type='checkbox']):focus) ~ .actions {
      position: static;
    }
  }
  :host > button {
    justify-self: start;
  }
  .cost {
    align-self: center;
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }
`;
