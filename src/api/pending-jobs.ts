import type { ApiOperation } from './contract.js';

/** A job the editor started and has not seen finish. Holds no token. */
export interface PendingJob {
  readonly userId: string;
  readonly projectId: string;
  readonly operation: ApiOperation;
  readonly jobId: string | undefined;
  readonly pollUrl: string;
  /** When it was accepted, ms since the epoch. */
  readonly startedAt: number;
}

/** The `localStorage` key of the pending-job list. */
export const PENDING_JOBS_KEY = 'studio-editor:pending-jobs';
const MAX_ENTRIES = 50;

const isEntry = (value: unknown): value is PendingJob => {
  const e = value as Partial<PendingJob> | null;
  return typeof e === 'object' && e !== null && typeof e.userId === 'string' && typeof e.projectId === 'string' &&
    typeof e.operation === 'string' && typeof e.pollUrl === 'string' && typeof e.startedAt === 'number';
};

/**
 * Pending jobs, per user and project, kept in `localStorage` so they can be resumed after a reload.
 * When storage throws (private mode, quota, sandbox) the list lives in memory for this page only.
 */
export class PendingJobs {
  readonly #storage: Storage | undefined;
  #memory: PendingJob[] = [];

  constructor(storage: Storage | undefined = defaultStorage()) {
    this.#storage = storage;
  }

  /** Pending jobs of `userId`, optionally of one project, oldest first. */
  list(userId: string, projectId?: string): PendingJob[] {
    return this.#read().filter((job) => job.userId === userId && (projectId === undefined || job.projectId === projectId));
  }

  add(job: PendingJob): void {
    this.#write([...this.#read().filter((entry) => entry.pollUrl !== job.pollUrl), job].slice(-MAX_ENTRIES));
  }

  remove(pollUrl: string): void {
    this.#write(this.#read().filter((entry) => entry.pollUrl !== pollUrl));
  }

  #read(): PendingJob[] {
    try {
      const raw = this.#storage?.getItem(PENDING_JOBS_KEY);
      if (raw === null || raw === undefined) return this.#storage === undefined ? [...this.#memory] : [];
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
    } catch {
      return [...this.#memory];
    }
  }

  #write(jobs: PendingJob[]): void {
    this.#memory = jobs;
    try {
      if (jobs.length === 0) this.#storage?.removeItem(PENDING_JOBS_KEY);
      else this.#storage?.setItem(PENDING_JOBS_KEY, JSON.stringify(jobs));
    } catch {
      // Kept in memory only.
    }
  }
}

function defaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
