import { css } from 'lit';

/** The versions bar: a row of versions (each a radio button with its length and status), its actions, the New version form. */
export const versionsStyles = css`
  /* Its own width decides (an editor embedded narrow on a wide screen is a phone to the bar). */
  :host {
    container: versions / inline-size;
    /* Above the timeline that follows it, for the popover. */
    position: relative;
    z-index: 3;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    padding: 6px 12px;
    border-bottom: 1px solid var(--_border, #d1d5db);
    background: var(--_surface, #ffffff);
  }

  :host([hidden]) {
    display: none;
  }

  /* Above the timeline (its slot), the timeline's own padding is enough. */
  :host([slot]) {
    padding-inline: 0;
    background: none;
  }

  p {
    margin: 0;
  }

  /* The versions wrap onto another line where they do not fit: none is cut off or scrolled out of view. */
  .list {
    display: flex;
    flex-wrap: wrap;
    min-width: 0;
    max-width: 100%;
    align-items: stretch;
    gap: 6px;
    padding: 3px;
  }

  .heading {
    align-self: center;
    font-weight: 600;
    margin-inline-end: 4px;
  }

  .version {
    position: relative;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    column-gap: 8px;
    align-items: baseline;
    box-sizing: border-box;
    padding: 4px 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
    font-weight: 400;
    cursor: pointer;
    flex: 0 1 auto;
    min-width: 0;
    max-width: min(18em, 100%);
  }

  /* Narrow: no heading, and narrower chips, two or more a line (their tooltips say what is cut). */
  @container versions (max-width: 600px) {
    .heading {
      display: none;
    }
    .version {
      max-width: min(11.5em, 100%);
    }
  }

  .version input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }

  .version:has(input:checked) {
    border-color: var(--_accent, #2563eb);
    box-shadow: inset 0 0 0 1px var(--_accent, #2563eb);
  }

  .version:has(input:focus-visible) {
    outline: 2px solid var(--_accent, #2563eb);
    outline-offset: 2px;
  }

  /* A name is never cut between its characters (":30" read as ":3" over "0"): a long one ends in an ellipsis. */
  .name {
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    min-width: 2.5em;
  }

  .length {
    color: var(--_text-muted, #4b5563);
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }

  /* A line each, cut with an ellipsis where it is long: the chip's title and its radio button's name say it all. */
  .status {
    grid-column: 1 / -1;
    font-size: max(11px, 0.85em);
    color: var(--_text-muted, #4b5563);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  .fail .status {
    color: var(--_danger, #b91c1c);
  }

  /* The review: an approval of this mix, or one made on an earlier mix. */
  .status.approved {
    color: var(--_success, #166534);
  }
  .status.stale {
    color: var(--_danger, #b91c1c);
  }

  /* A read faster than 1.10x (the Script panel offers its fixes). */
  .status.fast {
    color: var(--_warning, #b45309);
  }

  .actions,
  .buttons {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }

  /* New version and Rename float over the stage under the bar (the tracks keep their room), inside the editor's width. */
  .popover {
    position: absolute;
    z-index: 4;
    top: calc(100% + 4px);
    inset-inline-start: 12px;
    box-sizing: border-box;
    display: grid;
    gap: 8px;
    width: max-content;
    max-width: calc(100% - 24px);
    padding: 12px;
    border: 1px solid var(--_border, #d1d5db);
    border-radius: var(--_radius, 8px);
    background: var(--_surface, #ffffff);
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.18);
  }

  :host([slot]) .popover {
    inset-inline-start: 0;
    max-width: 100%;
  }

  /* The form, the progress, an error, Edit the script and a make's confirmation take a line of their own. */
  .form,
  .buttons,
  :host > studio-editor-job-status,
  :host > [part='error'],
  :host > .edit,
  .made {
    flex-basis: 100%;
  }

  /* What was just made, as the editor's notice of "Make the ad" says it. */
  .made {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    box-sizing: border-box;
    padding: 4px 4px 4px 10px;
    border: 1px solid var(--_border, #d1d5db);
    border-inline-start: 4px solid var(--_accent, #2563eb);
    border-radius: var(--_radius, 8px);
    background: var(--_surface-alt, #f3f4f6);
  }

  .made p {
    flex: 1 1 16rem;
  }

  .form {
    display: grid;
    gap: 6px;
  }

  .lengths {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }

  .lengths legend {
    float: left;
    margin-inline-end: 6px;
  }

  .chip {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font-weight: 400;
  }

  .custom {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-weight: 400;
  }

  .custom input {
    width: 6em;
  }

  /* One row where it fits: the label and its field, Save, Close; the hint under them. */
  form.rename {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }

  form.rename label {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }

  form.rename input {
    width: min(22em, 100%);
  }

  form.rename .buttons {
    flex-basis: auto;
    margin: 0;
  }

  form.rename .hint {
    flex-basis: 100%;
  }

  .hint {
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }

  .cost {
    color: var(--_text-muted, #4b5563);
    font-size: max(11px, 0.9em);
  }

  /* The versions and their actions: one row where they fit, else the actions wrap under the versions (never
     out of view, and no row wider than the bar). */
  .row {
    display: flex;
    flex: 1 1 100%;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    min-width: 0;
  }

  .row .list {
    flex: 1 1 16em;
  }

  .row .actions {
    flex: 0 1 auto;
    min-width: 0;
    padding: 3px;
  }

  /* A phone's screen: one row that scrolls sideways, so that the timeline keeps its room. */
  @media (max-width: 639px) {
    .row {
      flex-wrap: nowrap;
      overflow-x: auto;
    }
    .row .list,
    .row .actions,
    .version {
      flex: none;
      flex-wrap: nowrap;
    }
    .version {
      max-width: 22em;
    }
  }
`;
