import { css } from 'lit';

/** The Feed panel's own layout: the import, the mapping, the grid (scrolling sideways in its own box), the player and the run. */
export const feedStyles = css`
  section {
    display: grid;
    gap: 8px;
    min-width: 0;
  }
  [part='import'] > summary {
    cursor: pointer;
  }
  [part='import'] > summary h4 {
    display: inline;
  }
  .import {
    display: grid;
    gap: 8px;
    margin-top: 8px;
  }
  [part='import'],
  [part='mapping'],
  [part='player'],
  [part='deliver'] {
    padding: 8px 12px 12px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
  }
  [part='mapping'] {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr));
    gap: 8px 12px;
  }
  legend {
    padding: 0 4px;
  }
  .field {
    display: grid;
    gap: 4px;
    align-content: start;
    min-width: 0;
  }
  [part='dropzone'] {
    display: grid;
    gap: 4px;
    justify-items: start;
    padding: 12px;
    border: 2px dashed var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
  }
  [part='dropzone'].over {
    border-color: var(--_accent, #2563eb);
    background: var(--_surface-alt, #f3f4f6);
  }
  [part='dropzone'] input {
    max-width: 100%;
    border: 0;
    padding: 0;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    font-family: ui-monospace, monospace;
    font-size: max(11px, 0.9em);
  }
  .buttons,
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  .problems-box {
    padding: 8px 12px;
    border: 1px solid var(--_danger, #b91c1c);
    border-inline-start-width: 4px;
    border-radius: var(--_radius, 8px);
    color: var(--_text, #111827);
    overflow-wrap: anywhere;
  }
  .problems-box ul,
  .problems ul,
  [part='destinations'] ul,
  .outcomes ul {
    margin: 4px 0 0;
    padding-inline-start: 1.2em;
  }
  [part='confirm'] {
    display: grid;
    gap: 8px;
    padding: 8px 12px;
    border: 1px solid var(--_accent, #2563eb);
    border-radius: var(--_radius, 8px);
  }
  [part='current'] {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 12px;
    align-items: center;
  }
  [part='summary'] {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    align-items: center;
    justify-content: space-between;
  }
  #feed-summary {
    font-weight: 600;
  }
  .check {
    display: flex;
    gap: 6px;
    align-items: center;
  }
  .check label {
    font-weight: normal;
  }
  /* The grid scrolls in its own box, never the page: a phone sees the first columns and swipes for the rest. */
  .grid-box {
    max-width: 100%;
    max-height: min(70vh, 640px);
    overflow: auto;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
    overscroll-behavior-inline: contain;
  }
  /*
   * A fixed layout: the columns' widths are set, not measured from 100 rows of text, which keeps a page's layout
   * to a few milliseconds. The table is as wide as its columns, and fills its box when they are narrower.
   */
  table {
    table-layout: fixed;
    width: max-content;
    min-width: 100%;
    border-collapse: collapse;
    font-size: max(11px, 0.9em);
  }
  .col-row {
    width: 5em;
  }
  .col-status {
    width: 9em;
  }
  .col-key {
    width: 8em;
  }
  .col-value {
    width: 13em;
  }
  .col-length {
    width: 10em;
  }
  .col-pace {
    width: 6em;
  }
  .col-problems {
    width: 26em;
  }
  /* With several versions, each figure carries its version's name: room for a short name and the figure. */
  .many-versions .col-length {
    width: 16em;
  }
  .many-versions .col-pace {
    width: 11em;
  }
  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid var(--_border, #d1d5db);
    text-align: start;
    vertical-align: top;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: var(--_surface-alt, #f3f4f6);
    overflow-wrap: anywhere;
  }
  thead th .column {
    display: block;
    color: var(--_text-muted, #4b5563);
    font-weight: normal;
  }
  tbody th {
    font-weight: normal;
    white-space: nowrap;
  }
  .pick {
    display: inline-flex;
    gap: 6px;
    align-items: center;
  }
  .pick input {
    min-height: 0;
    margin: 0;
  }
  .pick label {
    font-weight: normal;
  }
  /* The row's number and radio stay in view while the grid scrolls sideways. */
  tbody th,
  thead th:first-child {
    position: sticky;
    left: 0;
    background: var(--_surface, #ffffff);
  }
  thead th:first-child {
    z-index: 2;
    background: var(--_surface-alt, #f3f4f6);
  }
  tr.problem > * {
    background: color-mix(in srgb, var(--_danger, #b91c1c) 7%, var(--_surface, #ffffff));
  }
  .faults {
    display: block;
    color: var(--_text-muted, #4b5563);
    overflow-wrap: anywhere;
  }
  /* The chosen row: its radio checked, a tint and a bar at its start. */
  tr.chosen > * {
    background: color-mix(in srgb, var(--_accent, #2563eb) 10%, var(--_surface, #ffffff));
  }
  tr.chosen > th {
    box-shadow: inset 3px 0 var(--_accent, #2563eb);
  }
  .problem [part='status'] .icon,
  .problems .problem strong {
    color: var(--_danger, #b91c1c);
  }
  .warning [part='status'] .icon {
    color: var(--_warning, #b45309);
  }
  .key,
  .value {
    overflow-wrap: anywhere;
  }
  .number {
    font-variant-numeric: tabular-nums;
  }
  .problems {
    overflow-wrap: anywhere;
  }
  .problems ul {
    margin: 0;
    padding-inline-start: 1em;
  }
  .muted {
    color: var(--_text-muted, #4b5563);
  }
  /* The version a figure or a problem is of, when a run delivers several: a name that may be long, kept whole. */
  .version {
    display: inline-block;
    max-width: 100%;
    padding: 0 4px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: 4px;
    background: var(--_surface-alt, #f3f4f6);
    color: var(--_text, #111827);
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .per-version {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 2px 6px;
  }
  .per-version + .per-version {
    margin-top: 2px;
  }
  .per-version .version {
    font-variant-numeric: normal;
  }
  .run-versions {
    overflow-wrap: anywhere;
  }
  [part='versions'] {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  [part='versions'] legend {
    padding: 0;
    font-weight: 600;
  }
  [part='versions'] label {
    overflow-wrap: anywhere;
  }
  [part='pager'] {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    justify-content: space-between;
  }
  [part='pager'] .page {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-items: center;
  }
  [part='pager'] label {
    font-weight: normal;
  }
  audio {
    width: 100%;
  }
  [part='progress'] {
    display: grid;
    gap: 4px;
  }
  [part='progress'] progress {
    width: 100%;
  }
  .outcomes {
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [part='outcome'] {
    display: flex;
    flex-wrap: wrap;
    gap: 2px 10px;
    align-items: baseline;
    padding: 6px 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
    overflow-wrap: anywhere;
  }
  [part='outcome'] ul {
    flex-basis: 100%;
  }
  [part='outcome'].failed .verdict {
    color: var(--_danger, #b91c1c);
    font-weight: 600;
  }
  .verdict {
    font-weight: 600;
  }
  a.button {
    overflow-wrap: anywhere;
  }
`;
