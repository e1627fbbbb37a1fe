// A batch's feed: a CSV or JSON file read by the editor's own feed import (src/feed/import.ts), laid into the
// template in place of the rows it was exported with, under the template's key column and mapping. A column the
// template needs that the file lacks is refused in words, before anything is rendered.
import { StudioError } from '../errors.js';
import { AD_ID_TARGET_PREFIX, isAdIdTarget } from '../feed/ad-id-column.js';
import { parseFeed } from '../feed/import.js';
import type { ProjectDocument } from '../model/document.js';

/** `template` with the rows of the feed file `text` (named `name`: its extension says CSV or JSON). */
export function withFeedFile(template: ProjectDocument, text: string, name: string): ProjectDocument {
  const feed = template.feed;
  if (feed === null || feed.key === null) {
    throw new StudioError('feed-key', `The project has no feed with a key column: in the editor's Feed step, import a sample of ${name}, choose the column that names each row and map the slots, then export the project again.`);
  }
  const table = parseFeed(text, { name });
  const needed = [feed.key, ...feed.mapping.map((entry) => entry.column)];
  const lacking = [...new Set(needed)].filter((column) => !table.columns.includes(column));
  if (lacking.length > 0) {
    const target = (slot: string) => (isAdIdTarget(slot) ? `the Ad-ID of version ${JSON.stringify(slot.slice(AD_ID_TARGET_PREFIX.length))}` : `{{${slot}}}`);
    const uses = (column: string) => (column === feed.key ? 'the key column' : `mapped to ${feed.mapping.filter((entry) => entry.column === column).map((entry) => target(entry.slot)).join(', ')}`);
    throw new StudioError('feed-column', `${name} has no column ${lacking.map((column) => `${JSON.stringify(column)} (${uses(column)})`).join(', ')}: its columns are ${table.columns.map((column) => JSON.stringify(column)).join(', ')}. Add the column, or map the slots again in the editor and export the project.`);
  }
  return { ...template, feed: { ...feed, columns: table.columns, rows: table.rows } };
}
