/// <reference types="node" />
// A worker thread of the batch's pool (./run.ts): one row renderer for the run, rows rendered one at a time as
// the pool hands them out; on `stop`, what is under way is aborted (no file is half-written: the store writes
// whole files) and the worker says so before it ends.
import { parentPort, workerData } from 'node:worker_threads';
import { loadBatchConfig, rendererConfig } from './batch-config.js';
import type { FromWorker, PoolWorkerData, ToWorker } from './pool-protocol.js';
import { createRowRenderer } from './render-row.js';
import { storeOf } from './store.js';

const port = parentPort!;
const data = workerData as PoolWorkerData;
const post = (message: FromWorker) => port.postMessage(message);
const stopping = new AbortController();
let busy: Promise<void> = Promise.resolve();

try {
  const config = await loadBatchConfig(data.configFile);
  const render = createRowRenderer({
    template: data.template,
    ...rendererConfig(data.service, config),
    store: storeOf(data.out),
    voiceConcurrency: data.voiceConcurrency,
    date: new Date(data.date),
  });
  port.on('message', (message: ToWorker) => {
    if (message.type === 'stop') {
      stopping.abort(new DOMException('The run was stopped.', 'AbortError'));
      void busy.finally(() => {
        post({ type: 'stopped' });
        port.close();
      });
      return;
    }
    busy = (async () => {
      for (const job of message.jobs) {
        if (stopping.signal.aborted) return;
        try {
          const result = await render(job, stopping.signal, (fraction) => post({ type: 'progress', job, fraction }));
          post({ type: 'result', result });
        } catch (error) {
          if (stopping.signal.aborted) return;
          post({ type: 'result', result: { job, status: 'failed', files: [], reasons: [error instanceof Error ? error.message : String(error)] } });
        }
      }
      post({ type: 'idle' });
    })();
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'broken', message: error instanceof Error ? error.message : String(error) });
  port.close();
}
