import { css } from 'lit';

/**
 * The grid's rows as cards in a narrow panel (a phone, a tablet's side panel): the table needs about 1,100 px,
 * and under 40rem a finger would swipe sideways past two or three columns to find a row's problems. The same
 * rows (feed-grid.ts), laid out again: one card each, its number and Play first, then its status, its key,
 * its problems in words, and its values; nothing wider than the panel.
 */
export const feedCardStyles = css`
  :host {
    container: feed / inline-size;
  }
  /* A card's own Play: in the wide table the player below the grid is in view, and plays the chosen row. */
  .play-row {
    display: none;
  }
  @container feed (width < 40rem) {
    /*
     * The cards have their own borders: the box's is kept (a host may style it) but not drawn. No longer a scroller,
     * it still holds the table's visually hidden caption, which would otherwise lengthen the page past the editor.
     */
    .grid-box {
      position: relative;
      max-height: none;
      overflow: visible;
      border-color: transparent;
    }
    table,
    tbody {
      display: grid;
      gap: 8px;
      width: auto;
      min-width: 0;
    }
    /* The column heads say nothing a card does not: each figure carries its name (data-label). */
    thead,
    colgroup {
      display: none;
    }
    tr[part='row'] {
      display: grid;
      gap: 4px;
      padding: 8px 12px;
      border: 1px solid var(--_border, #d1d5db);
      border-radius: var(--_radius, 8px);
      background: var(--_surface, #ffffff);
      min-width: 0;
    }
    tr.problem {
      border-color: var(--_danger, #b91c1c);
      border-inline-start-width: 4px;
    }
    tr.chosen {
      border-color: var(--_accent, #2563eb);
      border-inline-start-width: 4px;
    }
    tr[part='row'] > * {
      display: block;
      padding: 0;
      border: 0;
      background: none;
      min-width: 0;
      overflow-wrap: anywhere;
    }
    tr[part='row'] > th {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
      justify-content: space-between;
      position: static;
      box-shadow: none;
      white-space: normal;
    }
    .play-row {
      display: inline-block;
    }
    /* The order a reader needs: what is wrong with a row before what it says. */
    tr[part='row'] > .problems {
      order: 1;
    }
    tr[part='row'] > .value,
    tr[part='row'] > .number {
      order: 2;
    }
    .problems:not(:has(li)) {
      display: none;
    }
    [data-label]::before {
      content: attr(data-label) ': ';
      color: var(--_text-muted, #4b5563);
    }
    .faults {
      display: inline;
      margin-inline-start: 6px;
    }
  }
`;
