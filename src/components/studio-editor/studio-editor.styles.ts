import { css } from 'lit';

export const styles = css`
  :host {
    /* Public tokens (set them on the element or through config.theme), aliased to private names. */
    --_accent: var(--studio-accent, #2563eb);
    --_surface: var(--studio-surface, #ffffff);
    --_surface-alt: var(--studio-surface-alt, #f3f4f6);
    --_text: var(--studio-text, #111827);
    --_text-muted: var(--studio-text-muted, #4b5563);
    --_border: var(--studio-border, #d1d5db);
    --_danger: var(--studio-danger, #b91c1c);
    --_warning: var(--studio-warning, #b45309);
    /* Private: text on the accent colour, and the timeline's section markers. */
    --_on-accent: #ffffff;
    --_marker: #5b21b6;
    --_font: var(--studio-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_radius: var(--studio-radius, 8px);
    --_space: var(--studio-space, 12px);

    display: block;
    box-sizing: border-box;
    height: var(--_height, 640px);
    min-height: 240px;
    overflow: hidden;
    color: var(--_text);
    background: var(--_surface);
    font-family: var(--_font);
    font-size: 14px;
    line-height: 1.4;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    color-scheme: light;
  }

  :host([theme='dark']) {
    --_accent: var(--studio-accent, #60a5fa);
    --_surface: var(--studio-surface, #111827);
    --_surface-alt: var(--studio-surface-alt, #1f2937);
    --_text: var(--studio-text, #f9fafb);
    --_text-muted: var(--studio-text-muted, #d1d5db);
    --_border: var(--studio-border, #374151);
    --_danger: var(--studio-danger, #f87171);
    --_warning: var(--studio-warning, #fbbf24);
    --_on-accent: #111827;
    --_marker: #c4b5fd;
    color-scheme: dark;
  }

  @media (prefers-color-scheme: dark) {
    :host([theme='system']) {
      --_accent: var(--studio-accent, #60a5fa);
      --_surface: var(--studio-surface, #111827);
      --_surface-alt: var(--studio-surface-alt, #1f2937);
      --_text: var(--studio-text, #f9fafb);
      --_text-muted: var(--studio-text-muted, #d1d5db);
      --_border: var(--studio-border, #374151);
      --_danger: var(--studio-danger, #f87171);
      --_warning: var(--studio-warning, #fbbf24);
      --_on-accent: #111827;
      --_marker: #c4b5fd;
      color-scheme: dark;
    }
  }

  :host([compact]) {
    --_space: var(--studio-space, 8px);
    font-size: 13px;
  }

  :host([hidden]) {
    display: none;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  .shell {
    display: grid;
    /* toolbar, notices, the workspace (rail, side panel, stage: all the height there is), status. */
    grid-template-rows: auto auto minmax(0, 1fr) auto;
    height: 100%;
  }

  /* Full screen: the Fullscreen API, or a fixed overlay where the page refuses it (an iframe without allow="fullscreen"). */
  :host(:fullscreen) {
    height: 100vh;
    border-radius: 0;
  }
  :host([expanded]) {
    position: fixed;
    inset: 0;
    z-index: 2147483000;
    height: auto;
    border-radius: 0;
  }

  [part='toolbar'] {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: calc(var(--_space) * 0.75) var(--_space);
    background: var(--_surface-alt);
    border-bottom: 1px solid var(--_border);
    min-width: 0;
  }


  /* Rows by position: the notices take no space when there are none, and the rest must not move up. */
  [part='toolbar'] {
    grid-row: 1;
  }
  [part='notices'] {
    grid-row: 2;
  }
  [part='workspace'] {
    grid-row: 3;
    min-height: 0;
    min-width: 0;
  }

  [part='timeline'] {
    min-height: 0;
    padding: calc(var(--_space) / 2) var(--_space);
    min-width: 0;
  }

  /* A panel or the timeline whose module is still loading: its loading text where it will be (one line, as the
     empty timeline is, so that it arriving moves nothing). */
  [data-loading]:not(:defined):not([hidden]) {
    display: block;
    color: var(--_text-muted);
  }
  [data-loading]:not(:defined):not([hidden])::before {
    content: attr(data-loading);
  }

  [part='status'] {
    grid-row: 4;
    padding: calc(var(--_space) / 2) var(--_space);
    border-top: 1px solid var(--_border);
    color: var(--_text-muted);
    font-size: 0.9em;
    min-height: 1.4em;
  }

  [part='error'] {
    margin: var(--_space);
    padding: var(--_space);
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    color: var(--_danger);
    white-space: pre-wrap;
  }
`;
