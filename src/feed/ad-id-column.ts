// A feed's Ad-ID columns: a column may give each row's ad its own Ad-ID, as a column fills a slot. It is kept in the
// feed's mapping as an entry whose target is not a slot of the script but `__ad_id__<version id>` (a name no
// script needs, and one the document's mapping already takes), so no schema change is needed: each version of a
// run has a column of its own, and two creatives of one run (a row in two versions) never share one by design.
// Pure: no DOM.
import { slotNameFault } from './slot-name-rule.js';
import type { Feed } from './types.js';

/** What starts the target of an Ad-ID column in `feed.mapping`; a `{{slot}}` of the script never does. */
export const AD_ID_TARGET_PREFIX = '__ad_id__';

/** Whether a mapping entry's target is an Ad-ID column, not a slot. */
export const isAdIdTarget = (slot: string): boolean => slot.startsWith(AD_ID_TARGET_PREFIX);

/**
 * The mapping target of version `versionId`'s Ad-ID column (`__ad_id__v2`), or `null` for an id that cannot make
 * one (the editor's ids, `v1`, `v2`..., always can; a host's own id of other characters cannot).
 */
export function adIdTarget(versionId: string): string | null {
  const target = `${AD_ID_TARGET_PREFIX}${versionId}`;
  return slotNameFault(target) === null ? target : null;
}

/** The column that gives version `versionId`'s rows their Ad-ID, or `null` when none does. */
export function adIdColumn(feed: Feed, versionId: string): string | null {
  const target = adIdTarget(versionId);
  return target === null ? null : (feed.mapping.find((entry) => entry.slot === target)?.column ?? null);
}

/**
 * Row `index`'s Ad-ID in version `versionId`: its value in that version's Ad-ID column, trimmed, or `''` (no code)
 * when no column gives one. A row never takes the version's own Ad-ID: its ad is another creative.
 */
export function rowAdId(feed: Feed, index: number, versionId: string): string {
  const column = adIdColumn(feed, versionId);
  const at = column === null ? -1 : feed.columns.indexOf(column);
  return at < 0 ? '' : (feed.rows[index]?.[at] ?? '').trim();
}
