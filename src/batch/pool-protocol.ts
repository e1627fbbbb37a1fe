// What the batch's pool (./run.ts) and its worker threads (./pool-worker.ts) say to each other.
import type { RowJob, RowJobResult } from './row-job.js';
import type { BatchService } from './service.js';
import type { ProjectDocument } from '../model/document.js';

/** What a worker is started with. */
export interface PoolWorkerData {
  readonly template: ProjectDocument;
  /** The service without its adapters (functions do not cross threads): those come from `configFile`. */
  readonly service: Pick<BatchService, 'baseUrl' | 'apiKey'>;
  readonly configFile: string | undefined;
  /** The store's URL (`storeOf`). */
  readonly out: string;
  readonly voiceConcurrency: number;
  /** The run's date (ISO), for the `{date}` of file names: the same in every worker. */
  readonly date: string;
}

/** To a worker: render one row's jobs in turn (they share its takes), or stop (abort what is under way). */
export type ToWorker = { readonly type: 'row'; readonly jobs: readonly RowJob[] } | { readonly type: 'stop' };

/** From a worker. `ready`: its renderer is made; `idle`: its row is done; `broken`: its renderer could not be made. */
export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'progress'; readonly job: RowJob; readonly fraction: number }
  | { readonly type: 'result'; readonly result: RowJobResult }
  | { readonly type: 'idle' }
  | { readonly type: 'stopped' }
  | { readonly type: 'broken'; readonly message: string };
