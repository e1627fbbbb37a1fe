// The feed template of feed-template.ts as a batch renders it: its takes and bed served over HTTP as WAV files
// (a batch fetches the URLs the exported document holds), its voice one the service emulator speaks, its feed
// of `rows` (sku, product_name, price).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeWav } from '../../../src/audio/dsp/wav.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { feedTemplate, QUICK_FEED_SECONDS } from './feed-template.js';

/** A voice of the emulator. */
export const BATCH_VOICE = 'en-us-ava';

/** Ten rows: one (WS-200) missing its price. */
export const TEN_ROWS = [
  ['TR-100', 'Trail runner shoes', '59.99'],
  ['HJ-300', 'Hiking jacket', '189.00'],
  ['WS-200', 'Wool socks', ''],
  ['WB-600', 'Water bottle', '9.99'],
  ['CM-050', 'Camp mug', '12.50'],
  ['HL-110', 'Head lamp', '24.00'],
  ['SB-700', 'Sleeping bag', '129.00'],
  ['TP-020', 'Trekking poles', '79.00'],
  ['BP-450', 'Day pack', '65.00'],
  ['FS-330', 'Fleece', '49.00'],
];

/** An HTTP server of the template's audio, and the template pointing at it. */
export interface ServedTemplate {
  readonly template: ProjectDocument;
  /** Requests for each path, counted. */
  readonly served: Map<string, number>;
  close(): Promise<void>;
}

/**
 * The feed template with `rows`, its audio served at `http://127.0.0.1:<port>/audio/<name>.wav`: a :15 unless
 * `seconds` says otherwise (the batch's tests are about rows, jobs and queues).
 */
export async function servedTemplate(rows: string[][] = TEN_ROWS, destinations: readonly string[] = ['streaming', 'podcast'], seconds = QUICK_FEED_SECONDS): Promise<ServedTemplate> {
  const { project, sources } = feedTemplate(destinations, seconds);
  const served = new Map<string, number>();
  const files = new Map<string, Uint8Array>();
  for (const [url, source] of sources) files.set(`/audio/${url.replace(/^mem:/, '')}.wav`, encodeWav(source.channels, source.sampleRate, { bitDepth: 24 }));
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    served.set(path, (served.get(path) ?? 0) + 1);
    const bytes = files.get(path);
    if (bytes === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/audio/`;
  const http = (url: string) => `${base}${url.replace(/^mem:/, '')}.wav`;
  const template: ProjectDocument = {
    ...project,
    voice: { ...project.voice, voice: BATCH_VOICE },
    clips: project.clips.map((clip) => ({ ...clip, url: http(clip.url), ...(clip.source ? { source: { ...clip.source, voice: BATCH_VOICE } } : {}) })),
    assets: project.assets.map((asset) => ({ ...asset, url: http(asset.url) })),
    music: project.music === null ? null : { ...project.music, url: project.music.url === null ? null : http(project.music.url) },
    feed: { ...project.feed!, rows },
  };
  return {
    template,
    served,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
