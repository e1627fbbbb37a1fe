import { css, html } from 'lit';
import { emit, type SliderValue } from './events.js';

export interface SliderOptions {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** The value in words, shown and announced (`-6.0 dB`). */
  text: string;
  /** Event fired from `host` with a `SliderValue`: while dragging (`final: false`) and on release (`final: true`). */
  event?: string;
  host?: EventTarget;
  /** Put into the event's detail as `field`, when one event serves several sliders. */
  field?: string;
  /** Called first with each new value (`final` on release), so the element can show it before its owner answers. */
  onValue?: (value: number, final: boolean) => void;
}

/** A labelled range input with its value shown beside it, reporting drags and releases. */
export function slider(options: SliderOptions) {
  const { id, label, value, min, max, step, text, event, host, onValue, field } = options;
  const report = (e: Event, final: boolean) => {
    const next = Number((e.target as HTMLInputElement).value);
    onValue?.(next, final);
    if (host !== undefined && event !== undefined) emit<SliderValue>(host, event, field === undefined ? { value: next, final } : { value: next, final, field });
  };
  return html`<div class="slider" part="slider">
    <label for=${id}>${label}</label>
    <input id=${id} type="range" min=${min} max=${max} step=${step} .value=${String(value)} aria-valuetext=${text}
      @input=${(e: Event) => report(e, false)} @change=${(e: Event) => report(e, true)} />
    <output for=${id}>${text}</output>
  </div>`;
}

/**
 * The layout of `slider()`: label, track and value in a row, one label width for every slider so the tracks
 * line up (`--_slider-label`, 8em), the value in tabular figures; the focus ring, and 44 px on a touch screen.
 */
export const sliderStyles = css`
  .slider {
    display: grid;
    grid-template-columns: var(--_slider-label, 8em) minmax(0, 1fr) 4.5em;
    gap: 10px;
    align-items: center;
  }
  .slider output {
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
  input[type='range'] {
    min-width: 0;
    accent-color: var(--_accent, #2563eb);
    padding: 0;
    border: 0;
  }
  input[type='range']:focus-visible {
    outline: 2px solid var(--_accent, #2563eb);
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    input[type='range'] {
      min-height: 44px;
    }
  }
`;
