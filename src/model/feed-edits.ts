// The slots' definitions and the feed of a project (schema 7): the store's `slot/set`, `slot/remove`,
// `feed/set`, `feed/map` and `feed/key`, added to the reducer when this module loads (with the panels that
// make these edits, and by the editor once ready): none is needed to paint an editor. A wrong value is refused
// with the words a loaded document's would get (./feed-checks.ts), and nothing changes.

import type { EditAction } from './actions.js';
import type { FeedMappingEntry } from '../feed/types.js';
import type { Feed, ProjectDocument, SlotDefinition } from './document.js';
import { feedColumn, feedShape, issuesOf, slotName, slotShape } from './feed-checks.js';
import { StudioProjectError, type ProjectIssue } from './project-error.js';
import { addEdits } from './reducer.js';

function refuse(issues: readonly ProjectIssue[]): void {
  if (issues.length > 0) throw new StudioProjectError('project-invalid', issues);
}

const sameSlot = (a: SlotDefinition, b: SlotDefinition) => a.name === b.name && a.sample === b.sample && a.maxLength === b.maxLength && a.say === b.say;

/** `doc` with `slot` as the definition of its name (added last when it is new); a wrong field throws. */
export function setSlot(doc: ProjectDocument, slot: SlotDefinition): ProjectDocument {
  const index = doc.slots.findIndex((item) => item.name === slot?.name);
  refuse(issuesOf(slotShape, slot, `project.slots[${index < 0 ? doc.slots.length : index}]`));
  const { name, sample, maxLength, say } = slot;
  const next: SlotDefinition = { name, sample, ...(maxLength === undefined ? {} : { maxLength }), ...(say === undefined ? {} : { say }) };
  if (index >= 0 && sameSlot(doc.slots[index]!, next)) return doc;
  const slots = doc.slots.slice();
  if (index < 0) slots.push(next);
  else slots[index] = next;
  return { ...doc, slots };
}

/** `doc` without the definition of slot `name` (the same document when it has none). */
export function removeSlot(doc: ProjectDocument, name: string): ProjectDocument {
  const slots = doc.slots.filter((slot) => slot.name !== name);
  return slots.length === doc.slots.length ? doc : { ...doc, slots };
}

/** `doc` with `feed` (`null`: none); a feed a loaded document could not hold throws, naming the path. */
export function setFeed(doc: ProjectDocument, feed: Feed | null): ProjectDocument {
  if (feed === doc.feed) return doc;
  refuse(issuesOf(feedShape, feed, 'project.feed'));
  return { ...doc, feed };
}

/** Refuses an edit that names a column of the feed when there is none. */
function needFeed(doc: ProjectDocument, column: string | null, what: string): void {
  if (doc.feed === null && column !== null) refuse([{ path: 'project.feed', message: `is null: import a feed before choosing ${what}` }]);
}

/** `doc` with slot `slot` filled from `column` (in place of the column before; `null`: from none). */
export function mapFeedSlot(doc: ProjectDocument, slot: string, column: string | null): ProjectDocument {
  const { feed } = doc;
  const at = feed === null ? -1 : feed.mapping.findIndex((entry) => entry.slot === slot);
  const path = `project.feed.mapping[${at < 0 ? (feed?.mapping.length ?? 0) : at}]`;
  refuse(issuesOf(slotName, slot, `${path}.slot`));
  needFeed(doc, column, `the column of {{${slot}}}`);
  if (feed === null) return doc;
  if (column === null) return at < 0 ? doc : { ...doc, feed: { ...feed, mapping: feed.mapping.filter((_, index) => index !== at) } };
  refuse(issuesOf(feedColumn(new Set(feed.columns)), column, `${path}.column`));
  if (at >= 0 && feed.mapping[at]!.column === column) return doc;
  const entry: FeedMappingEntry = { column, slot };
  const mapping = at < 0 ? [...feed.mapping, entry] : feed.mapping.map((item, index) => (index === at ? entry : item));
  return { ...doc, feed: { ...feed, mapping } };
}

/** `doc` with `column` as its feed's key column (`null`: none). */
export function setFeedKey(doc: ProjectDocument, column: string | null): ProjectDocument {
  needFeed(doc, column, 'its key column');
  const { feed } = doc;
  if (feed === null || column === feed.key) return doc;
  if (column !== null) refuse(issuesOf(feedColumn(new Set(feed.columns)), column, 'project.feed.key'));
  return { ...doc, feed: { ...feed, key: column } };
}

addEdits<Extract<EditAction, { type: `slot/${string}` | `feed/${string}` }>>(['slot/set', 'slot/remove', 'feed/set', 'feed/map', 'feed/key'], (doc, action) => {
  switch (action.type) {
    case 'slot/set':
      return setSlot(doc, action.slot);
    case 'slot/remove':
      return removeSlot(doc, action.name);
    case 'feed/set':
      return setFeed(doc, action.feed);
    case 'feed/map':
      return mapFeedSlot(doc, action.slot, action.column);
    case 'feed/key':
      return setFeedKey(doc, action.column);
  }
});
