import type { Usage } from '../api/contract.js';
import type { ServiceAction } from './actions.js';
import type { ProjectDocument } from './document.js';

/**
 * The credits this project's service calls used (the sum of their usage records), and what the account has
 * left; undefined where nothing was reported.
 *
 * "Left" is what the last record to arrive says, unless calls were in flight together: a call charged first may
 * answer last, its balance then one charge too high. So of the records that arrived while the last one's call was
 * in flight (received after it was `sent`), the lowest balance is the latest. A top-up between two calls that did
 * not overlap shows as it should; records without `sent` (earlier versions) are taken in the order they arrived.
 */
export function creditsOf(usage: ProjectDocument['usage']): { used: number | undefined; left: number | undefined } {
  let used: number | undefined;
  let left: number | undefined;
  let since: string | undefined;
  for (let i = usage.length - 1; i >= 0; i -= 1) {
    const { usage: figures, at, sent } = usage[i]!;
    used = (used ?? 0) + (Number(figures.credits_used) || 0);
    const remaining = Number(figures.credits_remaining);
    if (!Number.isFinite(remaining)) continue;
    if (left === undefined) [left, since] = [remaining, sent];
    else if (since !== undefined && at >= since) left = Math.min(left, remaining);
  }
  return { used, left };
}

/** The action recording `usage`, which the `operation` started at `sent` (`isoNow()` before the call) reported now. */
export const usageReceived = (operation: string, usage: Usage, sent: string): ServiceAction => ({ type: 'usage/received', operation, usage, sent, at: isoNow() });

/** Now, as `UsageEntry` keeps its times (ISO 8601). */
export const isoNow = (): string => new Date().toISOString();
