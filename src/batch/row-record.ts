// What a job left in the store besides its files: `rows/<rowJobId>.json`, its result and the row as the run's
// manifest lists it. Written after the files, so a record says its files are complete; a re-run skips a job
// whose record says delivered and whose files are all there, and the run's report is built from the records.
import type { FeedManifestPart } from '../delivery/types.js';
import type { RowMade } from '../session/feed-row-deliver.js';
import type { RowJobResult } from './row-job.js';
import type { OutputStore } from './output-store.js';

/** A job's record. */
export interface RowRecord {
  readonly result: RowJobResult;
  /** The row's outcome, files and VAST documents, as the manifest lists them. */
  readonly made: RowMade;
  /** Takes voiced and reused for this job. */
  readonly takes: FeedManifestPart['takes'];
}

/** The folder of the jobs' records. */
export const RECORDS_FOLDER = 'rows';
/** Where the record of job `id` is. */
export const recordPath = (id: string): string => `${RECORDS_FOLDER}/${id}.json`;

/** JSON has no infinities (a silent file's peak is -Infinity dB): they are written as `{ "nonFinite": "-Infinity" }`. */
const NON_FINITE = 'nonFinite';

const encode = (_: string, value: unknown): unknown => (typeof value === 'number' && !Number.isFinite(value) ? { [NON_FINITE]: String(value) } : value);

const decode = (_: string, value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === NON_FINITE ? Number((value as Record<string, string>)[NON_FINITE]) : value;
};

/** Writes `record` as the record of job `id`. */
export async function writeRecord(store: OutputStore, id: string, record: RowRecord): Promise<void> {
  await store.write(recordPath(id), new TextEncoder().encode(JSON.stringify(record, encode)));
}

/** The record of job `id`, or undefined when there is none. */
export async function readRecord(store: OutputStore, id: string): Promise<RowRecord | undefined> {
  const bytes = await store.read(recordPath(id));
  return bytes === undefined ? undefined : (JSON.parse(new TextDecoder().decode(bytes), decode) as RowRecord);
}
