// What a feed's run (or one row heard) will voice, as the paid calls the one price reads (price.ts). As the run
// does it (feed-row-deliver.ts `rowAd`): a row with a problem is not voiced; a row's sections are voiced where
// their text differs from the template's takes, once however many rows share a take, none the take cache has
// made; and a row may be read once more, faster, when its takes run past the end: then every spoken section of it
// again, at a speed no take has yet. Pure: the take cache is only asked what it holds.
import type { ResolvedConfig } from '../config/types.js';
import { clipLength } from '../model/clip-layout.js';
import type { ProjectDocument } from '../model/document.js';
import { speechPastEnd } from '../rules/limits.js';
import { chosenVersions } from './editor-deliver.js';
import { planRow, rowRequests } from './feed-row.js';
import { blocking, keyedFeed, rowIndex, versionRows } from './feed-row-deliver.js';
import { takeKey, type FeedTakes } from './feed-takes.js';
import { voiceCalls, type PaidCall } from '../script/price.js';

/** Where the template's speech ends, seconds (`Infinity` when a take's length is unknown). */
function speechEnd(template: ProjectDocument): number {
  return template.clips.reduce((end, clip) => (clip.sectionId === null ? end : Math.max(end, clip.start + (clipLength(template, clip) ?? Infinity))), 0);
}

/**
 * The voice-overs a run of the rows `keys` in versions `versionIds` (default: the open one) asks for (`calls`),
 * and those it asks for besides should rows be read again, faster, to fit (`again`).
 */
export function feedCalls(
  project: ProjectDocument,
  config: ResolvedConfig,
  takes: Pick<FeedTakes, 'has'>,
  keys: readonly string[],
  versionIds?: readonly string[],
): { readonly calls: PaidCall[]; readonly again: PaidCall[] } {
  const feed = keyedFeed(project);
  const counted = new Set<string>();
  const calls: string[] = [];
  const again: string[] = [];
  for (const id of chosenVersions(project, versionIds ?? [project.openVersion])) {
    const rows = versionRows(project, id, config);
    const { context, template } = rows;
    const long = speechPastEnd(speechEnd(template), template.duration) > 0;
    for (const key of keys) {
      const index = rowIndex(feed, key);
      const check = rows.checker.row(index);
      if (blocking(check).length > 0) continue;
      const plan = planRow(context, index, check.length?.speed ?? template.voice.speed);
      const requests = rowRequests(context, plan);
      for (const { source } of requests) {
        const take = takeKey(source);
        if (counted.has(take) || takes.has(source)) continue;
        counted.add(take);
        calls.push(source.text);
      }
      // Read again, faster: only when it may run past the end (a new take, or the template's already do). Rows
      // of the same text are read again alike.
      if (plan.speed >= context.maxFitSpeed - 1e-9 || (requests.length === 0 && !long)) continue;
      // At a speed no take is read at: every spoken section of the row.
      const texts = rowRequests(context, { ...plan, speed: Number.NaN }).map((request) => request.source.text);
      const row = `${id}:${JSON.stringify(texts)}`;
      if (counted.has(row)) continue;
      counted.add(row);
      again.push(...texts);
    }
  }
  return { calls: voiceCalls(calls), again: voiceCalls(again) };
}
