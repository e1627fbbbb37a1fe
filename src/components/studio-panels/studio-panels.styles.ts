import { css } from 'lit';

/**
 * The workspace's layout, decided by the element's own width (a container query, never the window's):
 * - wide (640 px and more, or `arrangement="side-by-side"`): a rail of steps, the chosen step's panel beside
 *   the stage (resizable, collapsible), the stage taking the rest of the width and all the height; from 640 to
 *   1023 px with `auto`, the rail is a row of steps above them;
 * - `arrangement="stacked"`: the steps in a row, the step's panel above the stage;
 * - a phone (under 640 px with `auto`): one view at a time (the stage or the step's panel), chosen from a bottom bar.
 */
export const panelsStyles = css`
  :host {
    display: block;
    container: workspace / inline-size;
    min-height: 0;
    --_rail: fit-content(12em);
  }
  .layout {
    display: grid;
    height: 100%;
    /* Until the side panel's width is measured and set (side-size.ts), its default: 40 % of the workspace, 320 to 480 px. */
    grid-template-columns: var(--_rail) var(--_side, clamp(320px, 40cqi, 480px)) auto minmax(0, 1fr);
    grid-template-rows: minmax(0, 1fr);
    grid-template-areas: 'rail side split stage';
  }
  .layout.no-side,
  .layout.collapsed {
    grid-template-columns: var(--_rail) 0 0 minmax(0, 1fr);
  }
  .no-side .side,
  .no-side [role='separator'],
  .collapsed .side,
  .collapsed [role='separator'] {
    display: none;
  }
  .rail {
    grid-area: rail;
    display: flex;
    flex-direction: column;
    gap: 8px;
    min-width: 0;
    min-height: 0;
    padding: 8px 6px;
    border-right: 1px solid var(--_border, #d1d5db);
    overflow-y: auto;
  }
  [part='tabs'] {
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  [part='tab'] {
    justify-content: flex-start;
    text-align: start;
    border: 0;
    border-left: 3px solid transparent;
    border-radius: var(--_radius, 8px);
    background: transparent;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  [part='tab'][aria-selected='true'] {
    border-left-color: var(--_accent, #2563eb);
    background: var(--_surface-alt, #f3f4f6);
    color: var(--_accent, #2563eb);
    text-shadow: 0.35px 0 0 currentColor;
  }
  [part='side-toggle'] {
    margin-top: auto;
    border: 0;
    background: transparent;
    color: var(--_text-muted, #4b5563);
    font-size: 0.9em;
  }
  .side {
    grid-area: side;
    display: flex;
    flex-direction: column;
    min-width: 0;
    min-height: 0;
    border-right: 1px solid var(--_border, #d1d5db);
  }
  [part='panel'] {
    flex: 1;
    min-width: 0;
    min-height: 0;
    overflow: auto;
    padding: var(--_space, 12px);
  }
  [part='sound-steps'] {
    display: none;
  }
  [role='separator'] {
    grid-area: split;
    width: 8px;
    cursor: col-resize;
    touch-action: none;
    background: linear-gradient(var(--_border, #d1d5db), var(--_border, #d1d5db)) center / 3px 40px no-repeat;
  }
  [role='separator']:hover,
  [role='separator']:focus-visible {
    background-color: var(--_surface-alt, #f3f4f6);
    outline: 2px solid var(--_accent, #2563eb);
    outline-offset: -2px;
  }
  @media (pointer: coarse) {
    [role='separator'] {
      width: 44px;
      margin: 0 -18px;
      position: relative;
      z-index: 1;
      background-size: 3px 44px;
    }
  }
  [part='stage'] {
    grid-area: stage;
    min-width: 0;
    min-height: 0;
    overflow: auto;
    display: flex;
    flex-direction: column;
  }
  /* The Create view scrolls in the stage; the timeline takes its height exactly (and scrolls its own parts). */
  [part='stage'] > slot::slotted(*) {
    flex: 1 0 auto;
  }
  [part='stage'] > slot::slotted([slot='stage']) {
    flex: 1 1 0;
  }
  [part='stage'].create {
    padding: var(--_space, 12px);
  }
  [part='views'] {
    display: none;
  }

  /* Stacked: the steps in a row, the step's panel above the stage (at most half the height). */
  :host([arrangement='stacked']) .layout,
  :host([arrangement='stacked']) .layout.no-side,
  :host([arrangement='stacked']) .layout.collapsed {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: auto minmax(0, max-content) minmax(0, 1fr);
    grid-template-areas: 'rail' 'side' 'stage';
  }
  :host([arrangement='stacked']) .side {
    max-height: 50cqh;
    border-right: 0;
    border-bottom: 1px solid var(--_border, #d1d5db);
  }
  :host([arrangement='stacked']) .rail {
    flex-direction: row;
    flex-wrap: wrap;
    padding: 4px 6px 0;
    border-right: 0;
    border-bottom: 1px solid var(--_border, #d1d5db);
    overflow-x: auto;
  }
  :host([arrangement='stacked']) [part='tabs'] {
    flex-direction: row;
  }
  :host([arrangement='stacked']) [part='tab'] {
    padding-inline: 8px;
    border-left: 0;
    border-bottom: 3px solid transparent;
    border-radius: var(--_radius, 8px) var(--_radius, 8px) 0 0;
  }
  :host([arrangement='stacked']) [part='tab'][aria-selected='true'] {
    border-bottom-color: var(--_accent, #2563eb);
  }
  :host([arrangement='stacked']) [part='side-toggle'] {
    margin: 0 0 0 auto;
  }
  :host([arrangement='stacked']) [role='separator'] {
    display: none;
  }

  /*
   * A narrow wide editor (640 to 1023 px: a tablet, a half screen): the steps in a row above, so that the stage
   * beside the side panel keeps the rail's width too (at 768 px, about 430 px for the timeline instead of 250).
   */
  @container workspace (min-width: 640px) and (max-width: 1023.98px) {
    :host([arrangement='auto']) .layout {
      grid-template-columns: var(--_side, clamp(320px, 40cqi, 480px)) auto minmax(0, 1fr);
      grid-template-rows: auto minmax(0, 1fr);
      grid-template-areas: 'rail rail rail' 'side split stage';
    }
    :host([arrangement='auto']) .layout.no-side,
    :host([arrangement='auto']) .layout.collapsed {
      grid-template-columns: 0 0 minmax(0, 1fr);
    }
    /* Every step and Hide panel whole: the button goes below the steps when a row cannot hold both. */
    :host([arrangement='auto']) .rail {
      flex-direction: row;
      flex-wrap: wrap;
      align-items: center;
      padding: 4px 6px 0;
      border-right: 0;
      border-bottom: 1px solid var(--_border, #d1d5db);
      overflow-x: auto;
    }
    :host([arrangement='auto']) [part='tabs'] {
      flex-direction: row;
    }
    :host([arrangement='auto']) [part='tab'] {
      padding-inline: 8px;
      border-left: 0;
      border-bottom: 3px solid transparent;
      border-radius: var(--_radius, 8px) var(--_radius, 8px) 0 0;
    }
    :host([arrangement='auto']) [part='tab'][aria-selected='true'] {
      border-bottom-color: var(--_accent, #2563eb);
    }
    :host([arrangement='auto']) [part='side-toggle'] {
      margin: 0 0 0 auto;
      white-space: nowrap;
    }
  }

  /* A phone: one view at a time, above a bottom bar of views. */
  @container workspace (max-width: 639.98px) {
    :host([arrangement='auto']) .layout,
    :host([arrangement='auto']) .layout.no-side,
    :host([arrangement='auto']) .layout.collapsed {
      grid-template-columns: minmax(0, 1fr);
      grid-template-rows: minmax(0, 1fr) auto;
      grid-template-areas: 'view' 'views';
    }
    :host([arrangement='auto']) .rail,
    :host([arrangement='auto']) [role='separator'] {
      display: none;
    }
    /* A hidden side panel is a wide screen's choice: a phone's view is whole. */
    :host([arrangement='auto']) .collapsed:not(.no-side) .side {
      display: flex;
    }
    :host([arrangement='auto']) .side,
    :host([arrangement='auto']) [part='stage'] {
      grid-area: view;
      border: 0;
    }
    :host([arrangement='auto'][view='stage']) .side,
    :host([arrangement='auto'][view='panel']) [part='stage'] {
      display: none;
    }
    :host([arrangement='auto']) [part='sound-steps']:not([hidden]) {
      display: flex;
      gap: 4px;
      padding: 6px var(--_space, 12px) 0;
      overflow-x: auto;
    }
    :host([arrangement='auto']) [part='views'] {
      grid-area: views;
      display: grid;
      grid-auto-flow: column;
      grid-auto-columns: minmax(0, 1fr);
      border-top: 1px solid var(--_border, #d1d5db);
      background: var(--_surface-alt, #f3f4f6);
    }
  }
  [part='view'] {
    min-width: 0;
    padding: 4px 2px;
    border: 0;
    border-top: 3px solid transparent;
    border-radius: 0;
    background: transparent;
    font-size: 0.85em;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  [part='view'][aria-selected='true'] {
    border-top-color: var(--_accent, #2563eb);
    color: var(--_accent, #2563eb);
    text-shadow: 0.35px 0 0 currentColor;
  }
  [part='sound-step'][aria-pressed='true'] {
    border-color: var(--_accent, #2563eb);
    color: var(--_accent, #2563eb);
  }
`;
