// The feed and the slots as the project document will keep them (schema 7, next): types and limits only.
// A feed is a table of text; the script's `{{slot}}` placeholders (script/slots.ts) are filled from it row by
// row. Pure data: no DOM, JSON-serialisable as is.

/** The most rows a feed holds: a longer file is refused, with its count, and the advice to split it. */
export const MAX_FEED_ROWS = 5000;

/**
 * The limits of a slot's definition: its `sample` and `say` at most 500 characters each, its `maxLength` a whole
 * number of characters from 1 to 5,000.
 */
export const SLOT_LIMITS = { sample: 500, say: 500, maxLength: 5000 } as const;

/** The column names taken as the row's key when a feed is imported, in order of preference (any case). */
export const KEY_COLUMN_NAMES = ['id', 'sku'] as const;

/**
 * A slot of the script: the name its `{{name}}` placeholders use, and what the editor needs to preview and
 * check it before any row fills it.
 */
export interface SlotDefinition {
  /** As in the script's `{{name}}`: letters, digits and `_`, case-sensitive (see `slotNameProblem`). */
  readonly name: string;
  /** The value shown in the script's chip and voiced in previews, until a feed's row is chosen. */
  readonly sample: string;
  /** The most characters a row's value may have; a longer one is a problem of that row. Absent: no limit. */
  readonly maxLength?: number;
  /**
   * How the voice says the sample (a respelling, as a pronunciation's `say`): read instead of the value wherever
   * the value is the sample. Other values are read as written, with the brand's and project's pronunciations.
   */
  readonly say?: string;
}

/** One column filling one slot: every row's value in `column` goes into `{{slot}}`. */
export interface FeedMappingEntry {
  readonly column: string;
  readonly slot: string;
}

/** A table of text as imported: a header of distinct names, and rows of exactly as many values. */
export interface FeedTable {
  /** The column names, trimmed, non-empty and distinct without regard to case, in file order. */
  readonly columns: readonly string[];
  /** At most `MAX_FEED_ROWS` rows; `rows[i][j]` is the value of `columns[j]`, always text ("" when empty). */
  readonly rows: readonly (readonly string[])[];
}

/** A feed: the table, its key column and which column fills which slot. */
export interface Feed extends FeedTable {
  /**
   * The column whose value names each row: its folder in the delivered ZIP, its files and its manifest entry.
   * `null`: none chosen yet (the file had no `id` or `sku` column).
   */
  readonly key: string | null;
  /**
   * Which column fills which slot (a list, not an object keyed by column, so a column called `__proto__` is just
   * a name). Each slot appears at most once; a column may fill several slots; an unmapped slot has no value.
   */
  readonly mapping: readonly FeedMappingEntry[];
}
