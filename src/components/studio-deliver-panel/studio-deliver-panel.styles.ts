import { css } from 'lit';

/** The Deliver panel's own layout: the checklist, the campaign fields, the progress rows and the results. */
export const deliverStyles = css`
  form {
    display: grid;
    gap: var(--_space, 12px);
  }
  fieldset {
    display: grid;
    gap: 8px;
    min-width: 0;
    margin: 0;
    padding: 8px 12px 12px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
  }
  legend {
    padding: 0 4px;
    font-weight: 600;
  }
  [part='destination'],
  [part='stems'],
  .include {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    align-items: center;
  }
  [part='destination'] label,
  [part='stems'] label,
  .include label {
    font-weight: normal;
  }
  .hint {
    padding-inline-start: 0;
  }
  [part='source'] p {
    margin-top: 4px;
  }
  [part='source'] a {
    color: var(--_accent, #2563eb);
    overflow-wrap: anywhere;
  }
  /* The source's title is the whole line: a finger's target, not a link inside a sentence. */
  @media (pointer: coarse) {
    [part='source'] a {
      display: inline-flex;
      align-items: center;
      min-height: 44px;
    }
  }
  /* A destination of several files: the list under its row, across the whole row, in line with its numbers. */
  .renditions {
    flex-basis: 100%;
    padding-inline-start: 26px;
    display: grid;
    gap: 2px;
    min-width: 0;
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }
  .renditions p {
    margin: 0;
  }
  .renditions ul {
    gap: 0;
    padding-inline-start: 1.25em;
    list-style: disc;
  }
  [part='vast-fields'] {
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  }
  [part='vast-fields'] legend {
    grid-column: 1 / -1;
  }
  .field textarea {
    min-width: 0;
  }
  [part='campaign'] {
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  }
  .field {
    display: grid;
    gap: 4px;
    align-content: start;
  }
  .field input {
    min-width: 0;
  }
  .error,
  .fail [part='verdict'] {
    color: var(--_danger, #b91c1c);
  }
  ol,
  ul {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [part='row'] {
    display: grid;
    /* The same columns on every row: the bars line up whatever the length of the step's word. */
    grid-template-columns: minmax(0, 1fr) minmax(80px, 160px) 8em;
    gap: 4px 12px;
    align-items: center;
  }
  [part='row'] progress {
    width: 100%;
  }
  [part='file'],
  [part='vast-file'] {
    display: grid;
    gap: 4px;
    min-width: 0;
    padding: 8px 12px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
  }
  [part='file'] header,
  [part='vast-file'] header {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    align-items: baseline;
  }
  .name {
    overflow-wrap: anywhere;
    font-family: ui-monospace, monospace;
    font-size: max(11px, 0.9em);
  }
  [part='verdict'] {
    font-weight: 600;
  }
  /* The first lines of a vast.xml: text, wrapped inside its box (a long URL never widens the panel). */
  [part='vast-xml'] {
    margin: 4px 0 0;
    padding: 8px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
    background: var(--_surface-alt, #f3f4f6);
    font-family: ui-monospace, monospace;
    font-size: max(11px, 0.85em);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  [part='vast-file'] summary {
    cursor: pointer;
  }
  /* The receipt's facts: a term and its value on a line, wrapping where the panel is narrow. */
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: 2px 16px;
    margin: 0;
  }
  dl > div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 6px;
    min-width: 0;
  }
  dt {
    color: var(--_text-muted, #4b5563);
  }
  dt::after {
    content: ':';
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  [part='receipt-campaign'] dd {
    font-weight: 600;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  a[download] {
    color: var(--_accent, #2563eb);
    overflow-wrap: anywhere;
  }
  [part='versions'] .version {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    align-items: center;
  }
  [part='versions'] .version > label {
    min-width: 8em;
  }
  [part='versions'] .field {
    display: inline-flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    align-items: center;
  }
  [part='versions'] .field label {
    font-weight: 400;
  }
  [part='versions'] .field input {
    width: 11em;
  }
`;
