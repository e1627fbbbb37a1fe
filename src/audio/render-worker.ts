// The render worker: keeps decoded sources by id (posted once each; the editor's own are transferred, so
// only this worker holds their samples) while the page's renders list them in `keep`, renders specs that
// reference them, reports each stage and posts the result with its buffers transferred. No DOM; a module worker.
import type { AudioSource } from './dsp/mix-spec.js';
import { renderLocal } from './render-local.js';
import { fromRefs, toPosted, type FromWorker, type ToWorker } from './render-protocol.js';

const sources = new Map<number, AudioSource>();
/** Arrays of earlier results handed back by the page (the last two sets of the latest shape): results are written into them. */
const spare: Float32Array[][] = [];

const post = (message: FromWorker, transfer: Transferable[] = []): void => {
  (self as unknown as { postMessage(message: FromWorker, transfer: Transferable[]): void }).postMessage(message, transfer);
};

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'source') {
    sources.set(message.id, { channels: message.channels, sampleRate: message.sampleRate });
    return;
  }
  if (message.type === 'recycle') {
    spare.push([...message.channels]);
    if (spare.length > 2) spare.shift();
    return;
  }
  const { job, spec, keep, measure, wav } = message;
  // Only the sources of the latest render stay: older ones are posted again if needed.
  const kept = new Set(keep);
  for (const id of [...sources.keys()]) if (!kept.has(id)) sources.delete(id);
  try {
    const length = Math.round(spec.length * spec.sampleRate);
    // Arrays of another shape will not be written into again soon (the ad's length changed): let them go.
    for (let i = spare.length - 1; i >= 0; i--) if (spare[i]!.length !== spec.channelCount || spare[i]![0]!.length !== length) spare.splice(i, 1);
    const into = spare.shift();
    const result = renderLocal(fromRefs(spec, sources), { onStage: (stage) => post({ type: 'progress', job, stage }), into }, measure, wav);
    const { result: posted, transfer } = toPosted(result);
    post({ type: 'progress', job, stage: 'done' });
    post({ type: 'result', job, result: posted }, transfer);
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown; recoverable?: unknown };
    post({
      type: 'error',
      job,
      code: typeof e.code === 'string' ? e.code : 'render-failed',
      message: typeof e.message === 'string' ? e.message : String(error),
      recoverable: e.recoverable === true,
    });
  }
};

post({ type: 'ready' });
