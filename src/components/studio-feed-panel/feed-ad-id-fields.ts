// The Feed step's Ad-ID columns: for each version, the column whose value is each row's Ad-ID (a row's ad is a
// creative of its own), kept in the feed's mapping as `feed/map` to `__ad_id__<version id>` (feed/ad-id-column.ts).
// A view: a translator, the feed and the versions in, the fields out; the choice goes back through `onChange`.
import { html, type TemplateResult } from 'lit';
import { adIdColumn, adIdTarget } from '../../feed/ad-id-column.js';
import type { Feed } from '../../feed/types.js';
import type { Translate } from '../../i18n/translate.js';
import type { VersionRef } from '../../session/creative-identity.js';

/** A select per version (one with a target: the editor's ids all have one), each with the feed's columns and "no column". */
export function renderAdIdColumns(t: Translate, feed: Feed, versions: readonly VersionRef[], onChange: (target: string, column: string | null) => void): TemplateResult[] {
  return versions.flatMap(({ id, name }) => {
    const target = adIdTarget(id);
    if (target === null) return [];
    const current = adIdColumn(feed, id);
    const field = `ad-id-column-${id}`;
    return [
      html`<div class="field" data-ad-id=${id}>
        <label for=${field}>${t('feed.adIdFrom', { version: name })}</label>
        <select id=${field} aria-describedby=${`${field}-hint`} @change=${(event: Event) => onChange(target, (event.target as HTMLSelectElement).value || null)}>
          <option value="" ?selected=${current === null}>${t('feed.noColumn')}</option>
          ${feed.columns.map((column) => html`<option value=${column} ?selected=${column === current}>${column}</option>`)}
        </select>
        <span class="hint" id=${`${field}-hint`}>${t('feed.adIdHint')}</span>
      </div>`,
    ];
  });
}
