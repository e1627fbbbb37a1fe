import { css } from 'lit';

export const styles = css`
  /* Colours and sizes come from the editor's private aliases (inherited, so the dark theme applies), with
     literal fallbacks for the element on its own. */
  :host {
    display: block;
  }
  :host([hidden]),
  :host(:not([has-notices])) {
    display: none;
  }
  [part='list'] {
    display: grid;
    gap: calc(var(--_space, 12px) / 2);
    margin: 0;
    padding: calc(var(--_space, 12px) / 2);
    list-style: none;
  }
  [part~='notice'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space, 12px) / 2);
    padding: calc(var(--_space, 12px) / 2) var(--_space, 12px);
    background: var(--_surface-alt, #f3f4f6);
    border: 1px solid var(--_border, #d1d5db);
    border-inline-start: 4px solid var(--_accent, #2563eb);
    border-radius: var(--_radius, 8px);
  }
  .warning {
    border-inline-start-color: var(--_warning, #b45309);
  }
  .error {
    border-inline-start-color: var(--_danger, #b91c1c);
  }
  [part='message'] {
    flex: 1 1 16rem;
  }
  button {
    font: inherit;
    padding: 4px 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: calc(var(--_radius, 8px) / 2);
    background: none;
    color: inherit;
    cursor: pointer;
  }
  @media (pointer: coarse) {
    button {
      min-width: 44px;
      min-height: 44px;
    }
  }
  button:focus-visible {
    outline: 2px solid var(--_accent, #2563eb);
    outline-offset: 2px;
  }
`;
