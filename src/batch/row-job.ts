/// <reference types="node" />
// One unit of a batch: one feed row delivered to one destination. Its id is a hash of what its files are made
// from (the template's content, the row's values, the destination, and for a VAST destination the settings its
// vast.xml is written with), so the same work asked twice has one id: a BullMQ job id, and the name of the row's
// record in the store (./row-record.ts).
import { createHash } from 'node:crypto';
import type { ProjectDocument } from '../model/document.js';
import type { BatchVast } from './vast-settings.js';

/** One unit of work: one feed row delivered to one destination. */
export interface RowJob {
  /** The template's content id (`templateId`: sha-256 hex of the template document's canonical JSON). */
  readonly template: string;
  /** The row's key value (the feed's key column). */
  readonly row: string;
  /** A destination id (built-in or the config's). */
  readonly destination: string;
  /**
   * The VAST settings given to the run (over the profile's, see `BatchVast`): on one machine, on the jobs of a
   * destination that writes a vast.xml; in a queue, on every job (the workers' config says which do). Absent when
   * none were given; then the id is what it was before VAST settings existed.
   */
  readonly vast?: BatchVast;
}

/** What a job did. */
export interface RowJobResult {
  readonly job: RowJob;
  /** `skipped`: its files were already complete (a run before delivered it). */
  readonly status: 'delivered' | 'failed' | 'skipped';
  /** The files written into the store (or found there, when skipped). */
  readonly files: readonly { readonly path: string; readonly bytes: number; readonly sha256: string }[];
  /** Why it failed, in words (never a key or token). */
  readonly reasons: readonly string[];
}

/** `value` as JSON with the keys of every object sorted: the same document always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The template's content id: sha-256 hex of its canonical JSON (its feed included). */
export function templateId(template: ProjectDocument): string {
  return sha256(canonicalJson(template));
}

/** A deterministic id for the job: sha-256 of template + row values + destination + VAST settings (BullMQ job id, file names). */
export function rowJobId(job: RowJob, rowValues: Readonly<Record<string, string>>): string {
  // An absent `vast` is left out by JSON: a job without VAST settings keeps the id it always had.
  return sha256(canonicalJson({ template: job.template, row: rowValues, destination: job.destination, vast: job.vast }));
}
