import { css } from 'lit';

/**
 * Buttons, fields and focus rings shared by every panel. Colours read the private aliases that
 * `<studio-editor>` defines from the public `--studio-*` properties, with literal fallbacks so a leaf
 * element also looks right on its own.
 */
export const controlStyles = css`
  :host {
    font: inherit;
    color: var(--_text, #111827);
  }

  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
  }

  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    min-height: 36px;
    padding: 0 14px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
    background: var(--_surface, #ffffff);
    cursor: pointer;
  }

  button.primary {
    background: var(--_accent, #2563eb);
    border-color: var(--_accent, #2563eb);
    color: var(--_on-accent, #ffffff);
    font-weight: 600;
  }

  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }

  input,
  select,
  textarea {
    min-height: 36px;
    padding: 6px 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
    background: var(--_surface, #ffffff);
    min-width: 0;
  }

  textarea {
    resize: vertical;
    line-height: 1.5;
  }

  [aria-invalid='true'] {
    border-color: var(--_danger, #b91c1c);
  }

  :focus-visible {
    outline: 2px solid var(--_accent, #2563eb);
    outline-offset: 2px;
  }

  label,
  legend {
    font-weight: 600;
  }

  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }

  .hint {
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }

  .error {
    color: var(--_danger, #b91c1c);
    font-size: max(11px, 0.9em);
  }

  /*
   * A finger needs 44 px (Apple's and Google's guidance): on a touch screen every button, field, disclosure
   * and the label of each radio button and check box is at least that, whatever smaller size a component
   * gives it for a mouse (hence !important: these are floors, never a size of their own).
   */
  @media (pointer: coarse) {
    button,
    select,
    summary,
    input:not([type='range'], [type='radio'], [type='checkbox']) {
      min-height: 44px !important;
      min-width: 44px !important;
    }
    summary {
      padding-block: 12px;
    }
    input[type='range'] {
      min-height: 44px;
    }
    label:has(> input[type='radio'], > input[type='checkbox']),
    input[type='radio'] + label,
    input[type='checkbox'] + label {
      display: inline-flex;
      align-items: center;
      min-height: 44px;
      min-width: 44px;
    }
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
