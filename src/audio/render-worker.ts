// The render worker: keeps decoded sources by id (posted once each; the editor's own are transferred, so
// only this worker holds their samples; as 16-bit where nothing is lost, see `as16Bit`) while the page's renders list them in `keep`, renders specs that
// reference them one at a time, in steps, reading messages between steps (a cancel stops its render there),
// reports each stage and posts the result with its buffers transferred. No DOM; a module worker.
import { as16Bit, type AudioSource, type MixSpec } from './dsp/mix-spec.js';
import { messageTurn } from '../internal/turn.js';
import { runSteps } from './dsp/steps.js';
import { renderLocal } from './render-local.js';
import { fromRefs, toPosted, type FromWorker, type ToWorker, type WavEncoding } from './render-protocol.js';

const sources = new Map<number, AudioSource>();
/** Arrays of earlier results handed back by the page (the last two sets of the latest shape): results are written into them. */
const spare: Float32Array[][] = [];
/** Renders queued or under way, by job: aborted by a cancel. */
const jobs = new Map<number, AbortController>();
/** The renders, one after another. */
let queue: Promise<void> = Promise.resolve();

const post = (message: FromWorker, transfer: Transferable[] = []): void => {
  (self as unknown as { postMessage(message: FromWorker, transfer: Transferable[]): void }).postMessage(message, transfer);
};

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'source') {
    sources.set(message.id, as16Bit({ channels: message.channels, sampleRate: message.sampleRate, fits16Bit: message.fits16Bit }));
    return;
  }
  if (message.type === 'recycle') {
    spare.push([...message.channels]);
    if (spare.length > 2) spare.shift();
    return;
  }
  if (message.type === 'cancel') {
    jobs.get(message.job)?.abort();
    return;
  }
  const { job, keep } = message;
  const controller = new AbortController();
  jobs.set(job, controller);
  // The spec takes its sources now: a later render's list of what to keep may drop them before this one runs.
  let spec: MixSpec | Error;
  try {
    spec = fromRefs(message.spec, sources);
  } catch (error) {
    spec = error as Error;
  }
  // Only the sources of the latest render stay: older ones are posted again if needed.
  const kept = new Set(keep);
  for (const id of [...sources.keys()]) if (!kept.has(id)) sources.delete(id);
  queue = queue.then(() => render(job, spec, message.measure, message.wav, controller.signal)).finally(() => jobs.delete(job));
};

async function render(job: number, spec: MixSpec | Error, measure: boolean, wav: WavEncoding | undefined, signal: AbortSignal): Promise<void> {
  try {
    if (spec instanceof Error) throw spec;
    const length = Math.round(spec.length * spec.sampleRate);
    // Arrays of another shape will not be written into again soon (the ad's length changed): let them go.
    for (let i = spare.length - 1; i >= 0; i--) if (spare[i]!.length !== spec.channelCount || spare[i]![0]!.length !== length) spare.splice(i, 1);
    const into = spare.shift();
    const steps = renderLocal(spec, { onStage: (stage) => post({ type: 'progress', job, stage }), into }, measure, wav);
    const result = await runSteps(steps, messageTurn, signal);
    const { result: posted, transfer } = toPosted(result);
    post({ type: 'progress', job, stage: 'done' });
    post({ type: 'result', job, result: posted }, transfer);
  } catch (error) {
    if (signal.aborted) return; // the page rejected it already
    const e = error as { code?: unknown; message?: unknown; recoverable?: unknown };
    post({
      type: 'error',
      job,
      code: typeof e.code === 'string' ? e.code : 'render-failed',
      message: typeof e.message === 'string' ? e.message : String(error),
      recoverable: e.recoverable === true,
    });
  }
}

post({ type: 'ready' });
