// A TEST DOUBLE of the row renderer, as a sandboxed row processor for `startQueueWorker({ processorFile })`: for
// each job it asks the voice service for one take of the row's values (after `beforeVoiceover`, with x-api-key,
// polling the job as the editor does) and writes one small deterministic file through the store,
// `<row>/<row>_<destination>.txt`. A file already complete is skipped, as the real renderer skips. It stands in
// for src/batch/render-row.ts while that is built beside the queue (issue 43); the queue's proofs then run with it.
import type { RowRendererOptions } from '../../../src/batch/render-row.js';
import type { RowJob, RowJobResult } from '../../../src/batch/row-job.js';
import { rowProcessing } from '../../../src/batch/queue/row-processing.js';

function createDoubleRenderer({ template, service, store, beforeVoiceover }: RowRendererOptions) {
  const feed = template.feed!;
  const keyIndex = feed.columns.indexOf(feed.key!);
  return async (job: RowJob): Promise<RowJobResult> => {
    const path = `${job.row}/${job.row}_${job.destination}.txt`;
    if (await store.has(path)) return { job, status: 'skipped', files: [], reasons: [] };
    const row = feed.rows.find((values) => values[keyIndex] === job.row)!;
    const text = `Get ${row.join(' ')} today.`;
    await beforeVoiceover?.();
    const headers = { 'x-api-key': service.apiKey, 'content-type': 'application/json' };
    const started = await fetch(`${service.baseUrl}/v1/voiceover`, { method: 'POST', headers, body: JSON.stringify({ project_id: 'batch', text, voice_id: 'en-us-ava' }) });
    if (!started.ok) return { job, status: 'failed', files: [], reasons: [`The voice-over request failed: ${started.status}.`] };
    const { poll_url: pollUrl } = (await started.json()) as { poll_url: string };
    for (;;) {
      const record = (await (await fetch(pollUrl, { headers })).json()) as { status: string; error?: { message: string } };
      if (record.status === 'failed') return { job, status: 'failed', files: [], reasons: [`The voice-over of row ${job.row} failed: ${record.error?.message ?? 'no reason'}`] };
      if (record.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const bytes = new TextEncoder().encode(`${job.template} ${job.row} ${job.destination} ${text}\n`);
    await store.write(path, bytes);
    return { job, status: 'delivered', files: [{ path, bytes: bytes.length, sha256: '' }], reasons: [] };
  };
}

export default rowProcessing(createDoubleRenderer);
