import { css } from 'lit';

export const styles = css`
  :host {
    --_accent: var(--studio-accent, #2563eb);
    --_surface-alt: var(--studio-surface-alt, #f3f4f6);
    --_border: var(--studio-border, #d1d5db);
    --_danger: var(--studio-danger, #b91c1c);
    --_warning: var(--studio-warning, #b45309);
    --_radius: var(--studio-radius, 8px);
    --_space: var(--studio-space, 12px);
    display: block;
  }
  :host([hidden]),
  :host(:not([has-notices])) {
    display: none;
  }
  [part='list'] {
    display: grid;
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: calc(var(--_space) / 2);
    list-style: none;
  }
  [part~='notice'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2);
    padding: calc(var(--_space) / 2) var(--_space);
    background: var(--_surface-alt);
    border: 1px solid var(--_border);
    border-inline-start: 4px solid var(--_accent);
    border-radius: var(--_radius);
  }
  [part~='notice'].warning {
    border-inline-start-color: var(--_warning);
  }
  [part~='notice'].error {
    border-inline-start-color: var(--_danger);
  }
  [part='message'] {
    flex: 1 1 16rem;
  }
  button {
    font: inherit;
    padding: 4px 10px;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
`;
