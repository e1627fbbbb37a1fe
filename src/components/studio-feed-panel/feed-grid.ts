// The Feed step's grid: the summary and its filter, a page of rows (each a radio to choose it, its status in an
// icon and words, its key, its slots' values, its estimated length and pace, its problems with their columns),
// and the pages. A view only: the panel holds the page, the filter and the chosen row. In a narrow panel the
// same rows show as cards (feed-cards.styles.ts): one markup, laid out by a container query.
import { html, nothing, type TemplateResult } from 'lit';
import type { Feed } from '../../feed/types.js';
import type { Translate } from '../../i18n/translate.js';
import type { FeedCheckTask, FeedGridRow } from './feed-check-task.js';
import { lengthText, problemLead, problemText, shownKey, statusWords, summaryText } from './feed-words.js';

/**
 * Rows on a page of the grid: a page renders and lays out well under the 50 ms of a long task on a slow, busy
 * machine (bench/pages/feed-panel.ts); a 5,000-row feed is 100 pages, each one pick away in the pager.
 */
export const PAGE_ROWS = 50;

/** What the grid shows, and what it reports. */
export interface FeedGridView {
  readonly t: Translate;
  readonly feed: Feed;
  readonly check: FeedCheckTask;
  /** The slots the script uses, in order, with the column that fills each (`null`: none). */
  readonly slots: readonly { readonly slot: string; readonly column: string | null }[];
  /** The page shown, from 0 (kept in range here). */
  readonly page: number;
  readonly problemsOnly: boolean;
  /** The chosen row's index, from 0. */
  readonly selected: number | undefined;
  /** The voice's speed: a row read faster than it "needs" a speed-up. */
  readonly voiceSpeed: number;
  /** Whether a row can be heard now (a runner, and no row being voiced). */
  readonly canPlay: boolean;
  readonly onSelect: (index: number) => void;
  /** Chooses row `index` and plays it (the card's own Play, one tap away on a phone). */
  readonly onPlay: (index: number) => void;
  readonly onPage: (page: number) => void;
  readonly onFilter: (problemsOnly: boolean) => void;
}

/** The summary, the filter, the page of rows and the pages. */
export function renderGrid(view: FeedGridView): TemplateResult {
  const { t, check } = view;
  const checking = t('feed.checking', { done: t.number(check.checked, 0), total: t.number(check.total, 0) });
  // No row until the checker is built (a task of its own): then the page's rows, checked as they are shown.
  if (!check.ready) return html`<div part="summary"><p id="feed-summary" role="status">${checking}</p></div>`;
  // The rows paged through: every row, or the rows with problems checked so far.
  const filtered = view.problemsOnly ? check.indexes(['problem']) : undefined;
  const total = filtered?.length ?? view.feed.rows.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_ROWS));
  const page = Math.min(Math.max(0, view.page), pages - 1);
  const first = page * PAGE_ROWS;
  const shown = Array.from({ length: Math.min(PAGE_ROWS, total - first) }, (_, at) => filtered?.[first + at] ?? first + at);
  // The page's rows are checked now; the others are in the background (the summary counts them as they go).
  const rows = shown.map((index) => ({ index, check: check.row(index) }));
  const status = check.done ? summaryText(t, check.tally) : checking;
  return html`<div part="summary">
      <p id="feed-summary" role="status">${status}</p>
      <div class="check">
        <input type="checkbox" id="problems-only" part="filter" .checked=${view.problemsOnly} @change=${(event: Event) => view.onFilter((event.target as HTMLInputElement).checked)} />
        <label for="problems-only">${t('feed.problemsOnly')}</label>
      </div>
    </div>
    ${view.problemsOnly && total === 0 && check.done
      ? html`<p part="message">${t('feed.noProblemRows')}</p>`
      : html`<p class="hint" id="grid-hint">${t('feed.gridHint')}</p>
          <div part="grid-box" class="grid-box" role="region" aria-labelledby="grid-caption" tabindex="0">
            <table part="grid" aria-describedby="grid-hint" class=${rows.some(({ check: row }) => row.lengths !== undefined) ? 'many-versions' : ''}>
              <caption id="grid-caption" class="visually-hidden">${t('feed.grid')}</caption>
              <colgroup>
                <col class="col-row" /><col class="col-status" /><col class="col-key" />
                ${view.slots.map(() => html`<col class="col-value" />`)}
                <col class="col-length" /><col class="col-pace" /><col class="col-problems" />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">${t('feed.col.row')}</th>
                  <th scope="col">${t('feed.col.status')}</th>
                  <th scope="col">${t('feed.col.key')}</th>
                  ${view.slots.map(({ slot, column }) => html`<th scope="col" data-slot=${slot}>{{${slot}}}${column === null ? nothing : html`<span class="column">${column}</span>`}</th>`)}
                  <th scope="col">${t('feed.col.length')}</th>
                  <th scope="col">${t('feed.col.pace')}</th>
                  <th scope="col">${t('feed.col.problems')}</th>
                </tr>
              </thead>
              <tbody>
                ${rows.map(({ index, check: row }) => renderRow(view, index, row))}
              </tbody>
            </table>
          </div>
          ${pages > 1 ? renderPager(t, page, pages, total, view.onPage) : nothing}`}`;
}

/**
 * A row's figure in each version (`:30 28.1 s`, a line each) when it was checked against several, else its own:
 * `figure` says it in words (empty when not known).
 */
function perVersion(row: FeedGridRow, figure: (length: FeedGridRow['length']) => string): TemplateResult | string {
  if (row.lengths === undefined) return figure(row.length);
  return html`${row.lengths.map(({ version, length }) => html`<span class="per-version"><span class="version">${version}</span> ${figure(length)}</span>`)}`;
}

function renderRow(view: FeedGridView, index: number, row: FeedGridRow): TemplateResult {
  const { t, feed } = view;
  const { icon, word } = statusWords(t, row.status);
  const values = feed.rows[index]!;
  // The columns at fault, under the status: on a narrow screen they show before the problems' column does.
  const faults = [...new Set(row.problems.map((problem) => problem.column).filter((column) => column !== null))];
  const id = `row-${index}`;
  const named = t('feed.chooseRow', { row: row.row, key: row.key === null ? t('feed.noKeyValue') : shownKey(row.key) });
  return html`<tr part="row" class=${view.selected === index ? `${row.status} chosen` : row.status} data-row=${row.row} data-status=${row.status}>
    <th scope="row">
      <span class="pick">
        <input type="radio" name="feed-row" id=${id} .checked=${view.selected === index} aria-label=${named}
          @change=${() => view.onSelect(index)} />
        <label for=${id}>${row.row}</label>
      </span>
      <button type="button" class="play-row" ?disabled=${!view.canPlay || row.key === null} aria-label=${`${t('feed.play')}, ${named}`}
        @click=${() => view.onPlay(index)}>${t('feed.play')}</button>
    </th>
    <td part="status">
      <span class="icon" aria-hidden="true">${icon}</span> ${word}
      ${faults.length === 0 ? nothing : html`<span class="faults">${faults.join(', ')}</span>`}
    </td>
    <td class="key">${row.key === null ? html`<span class="muted">${t('feed.noKeyValue')}</span>` : shownKey(row.key)}</td>
    ${view.slots.map(({ slot, column }) => {
      const at = column === null ? -1 : feed.columns.indexOf(column);
      // A card names each figure before it (data-label, drawn by its style), where no column's head does.
      return html`<td class="value" data-label=${`{{${slot}}}`}>${at < 0 ? html`<span class="muted">—</span>` : values[at]}</td>`;
    })}
    <td class="number" data-label=${t('feed.col.length')}>${perVersion(row, (length) => lengthText(t, length, view.voiceSpeed))}</td>
    <td class="number" data-label=${t('feed.col.pace')}>${perVersion(row, (length) => (length === null ? '' : t.number(length.wordsPerSecond, 1)))}</td>
    <td class="problems">
      ${row.problems.length === 0
        ? nothing
        : html`<ul>
            ${row.problems.map(
              (problem) =>
                html`<li class=${problem.severity} data-kind=${problem.kind} data-column=${problem.column ?? ''} data-version=${problem.version ?? ''}>${problem.version === undefined ? nothing : html`<span class="version">${problem.version}</span> `}<strong>${problemLead(t, problem)}</strong>: ${problemText(t, problem)}</li>`,
            )}
          </ul>`}
    </td>
  </tr>`;
}

function renderPager(t: Translate, page: number, pages: number, total: number, onPage: (page: number) => void): TemplateResult {
  const range = (at: number) => `${t.number(at * PAGE_ROWS + 1, 0)}–${t.number(Math.min(total, (at + 1) * PAGE_ROWS), 0)}`;
  return html`<nav part="pager" aria-label=${t('feed.pager')}>
    <button type="button" class="previous" ?disabled=${page === 0} @click=${() => onPage(page - 1)}>${t('feed.previous')}</button>
    <span class="page">
      <label for="feed-page">${t('feed.pageRows')}</label>
      <select id="feed-page" @change=${(event: Event) => onPage(Number((event.target as HTMLSelectElement).value))}>
        ${Array.from({ length: pages }, (_, at) => html`<option value=${at} ?selected=${at === page}>${range(at)}</option>`)}
      </select>
      <span>${t('feed.pageOf', { total: t.number(total, 0) })}</span>
    </span>
    <button type="button" class="next" ?disabled=${page >= pages - 1} @click=${() => onPage(page + 1)}>${t('feed.next')}</button>
  </nav>`;
}
