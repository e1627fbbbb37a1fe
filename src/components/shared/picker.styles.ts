import { css } from 'lit';
import { sliderStyles } from './slider.js';

/** Layout shared by the voice and music pickers: filters, a scrolling radio list, sliders. */
export const pickerStyles = [
  sliderStyles,
  css`
  :host {
    display: grid;
    gap: var(--_space, 12px);
  }
  .filters {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 12px;
    align-items: end;
  }
  .filters label {
    display: grid;
    gap: 4px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
    max-height: 320px;
    overflow: auto;
  }
  li {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 6px 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
  }
  li.selected {
    border-color: var(--_accent, #2563eb);
    background: var(--_surface-alt, #f3f4f6);
  }
  li label {
    flex: 1;
    display: flex;
    gap: 10px;
    align-items: center;
    font-weight: normal;
    min-width: 0;
    cursor: pointer;
  }
  li input[type='radio'] {
    flex: none;
    accent-color: var(--_accent, #2563eb);
    min-height: auto;
  }
  .name {
    font-weight: 600;
  }
  .details {
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }
  button.small {
    min-height: 32px;
    padding: 0 10px;
  }
`,
];
