// Jobs: queued, then running through named stages (with progress), then succeeded or failed. Each job belongs
// to one user. Timing comes from `stepMs` (times the slow-fault factor); the work itself runs alongside.
import { randomBytes } from 'node:crypto';
import type { ApiErrorBody, JobRecord, Usage } from '../../../src/api/contract.js';

/** What a job does: its stages (shown as `stage`) and its work, which resolves to the result and usage. */
export interface JobSpec<R> {
  userId: string;
  stages: string[];
  work: () => Promise<{ result: R; usage: Usage }>;
  /** Called once with the terminal record (for webhooks). */
  onTerminal?: (record: JobRecord) => void;
}

interface JobEntry {
  userId: string;
  record: JobRecord;
}

export class JobStore {
  readonly #jobs = new Map<string, JobEntry>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #generation = 0;

  constructor(
    private readonly stepMs: () => number,
    private readonly shouldFail: (userId: string) => boolean,
    private readonly limit = 2000,
  ) {}

  /** Starts a job; returns its id at once. */
  start<R>(spec: JobSpec<R>): string {
    const jobId = `job_${randomBytes(9).toString('base64url')}`;
    const record: JobRecord = { job_id: jobId, status: 'queued', progress: 0, stage: 'queued' };
    this.#jobs.set(jobId, { userId: spec.userId, record });
    this.#trim();
    void this.#run(spec, record);
    return jobId;
  }

  /** The job's record, or undefined when it does not exist or belongs to another user. */
  get(jobId: string, userId: string): JobRecord | undefined {
    const entry = this.#jobs.get(jobId);
    return entry && entry.userId === userId ? structuredClone(entry.record) : undefined;
  }

  /** Forgets every job and stops their timers. */
  clear(): void {
    this.#generation += 1;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#jobs.clear();
  }

  async #run<R>(spec: JobSpec<R>, record: JobRecord): Promise<void> {
    const generation = this.#generation;
    const alive = () => generation === this.#generation;
    let outcome: { ok: true; value: { result: R; usage: Usage } } | { ok: false; error: unknown } | undefined;
    await this.#wait();
    if (!alive()) return;
    const work = spec.work().then(
      (value) => (outcome = { ok: true, value }),
      (error: unknown) => (outcome = { ok: false, error }),
    );
    record.status = 'running';
    for (let index = 0; index < spec.stages.length; index++) {
      record.stage = spec.stages[index];
      record.progress = Math.round((index / spec.stages.length) * 100) / 100;
      await this.#wait();
      if (!alive()) return;
    }
    await work;
    if (!alive() || !outcome) return;
    if (outcome.ok && !this.shouldFail(spec.userId)) {
      record.status = 'succeeded';
      record.progress = 1;
      record.stage = 'done';
      record.result = outcome.value.result;
      record.usage = outcome.value.usage;
    } else {
      record.status = 'failed';
      record.stage = 'failed';
      record.error = outcome.ok
        ? { code: 'job_failed', message: 'The job failed (forced by the emulator).' }
        : errorOf(outcome.error);
    }
    spec.onTerminal?.(structuredClone(record));
  }

  #wait(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, this.stepMs());
      this.#timers.add(timer);
    });
  }

  /** Keeps the store bounded: the oldest finished jobs go first. */
  #trim(): void {
    if (this.#jobs.size <= this.limit) return;
    for (const [jobId, entry] of this.#jobs) {
      if (entry.record.status === 'succeeded' || entry.record.status === 'failed') this.#jobs.delete(jobId);
      if (this.#jobs.size <= this.limit) return;
    }
  }
}

function errorOf(error: unknown): ApiErrorBody['error'] {
  const code = typeof error === 'object' && error && 'code' in error && typeof error.code === 'string' ? error.code : 'job_failed';
  return { code, message: error instanceof Error ? error.message : 'The job failed.' };
}
