/// <reference types="node" />
// The audio of a row's clips and bed, as a batch gets it: fetched over HTTP from the URLs the document holds
// (the service's asset URLs, with the key where the service wants it), decoded in Node as the editor decodes them
// (WAV read and resampled by the editor's own code), MP3 by FFmpeg. A clip whose audio is not at an http(s) URL
// (a browser-only upload) is refused in words naming it. Decoded audio is kept for the renderer's life, the most
// recently used first.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { as16Bit, type AudioSource } from '../audio/dsp/mix-spec.js';
import { carriesAtMost16Bits } from '../audio/file-depth.js';
import { DELIVERY_RENDER_RATE } from '../audio/deliver/deliver.js';
import { decodeBytes, NotDecodedHere, resampled } from '../audio/decode-bytes.js';
import { mp3Frames } from '../audio/dsp/mp3-frames.js';
import { missingSources } from '../audio/project-mix.js';
import { StudioError } from '../errors.js';
import type { ProjectDocument } from '../model/document.js';

/** Decoded audio kept between rows: the template's own takes and bed are used by every row. */
const KEPT = 48;

/** The name of the clip (or bed) at `url`, for a message: its section's label or its id. */
function nameOf(project: ProjectDocument, url: string): string {
  if (project.music?.url === url) return 'the music bed';
  const clip = project.clips.find((entry) => entry.url === url);
  const section = project.script.sections.find((entry) => entry.id === clip?.sectionId);
  return section === undefined ? `the clip ${JSON.stringify(clip?.id ?? url)}` : `the clip of ${JSON.stringify(section.label)} (${clip!.id})`;
}

/**
 * FFmpeg's decode of `bytes` to `channels` float channels at `sampleRate`, or a refusal saying what to install.
 * From a file, not a pipe: only then does FFmpeg trim a gapless MP3's end padding by its LAME tag.
 */
export async function ffmpegDecode(bytes: Uint8Array, what: string, channels: number, sampleRate?: number): Promise<Float32Array[]> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-batch-'));
  const file = join(dir, 'in.mp3');
  try {
    await writeFile(file, bytes);
    const args = ['-v', 'error', '-i', file, '-f', 'f32le', '-ac', String(channels), ...(sampleRate === undefined ? [] : ['-ar', String(sampleRate)]), 'pipe:1'];
    return await new Promise<Float32Array[]>((resolve, reject) => {
      const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const chunks: Buffer[] = [];
      let errors = '';
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', (error: NodeJS.ErrnoException) => {
        reject(error.code === 'ENOENT' ? new StudioError('ffmpeg-missing', `${what} is an MP3, which a batch decodes with FFmpeg: install it (apt-get install ffmpeg, or brew install ffmpeg) and put ffmpeg on the PATH.`) : error);
      });
      child.on('close', (code) => {
        if (code !== 0) return reject(new StudioError('asset-decode', `FFmpeg could not decode ${what}: ${errors.trim().split('\n').at(-1) ?? `exit ${code}`}.`));
        const all = Buffer.concat(chunks);
        const interleaved = new Float32Array(all.buffer.slice(all.byteOffset, all.byteOffset + all.length));
        const frames = interleaved.length / channels;
        const out = Array.from({ length: channels }, () => new Float32Array(frames));
        for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) out[c]![i] = interleaved[i * channels + c]!;
        resolve(out);
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The decoded audio of a fetched file at the render rate, as the editor's decoder and render worker keep it
 * (decode-bytes.ts: WAV read by the shared decoder, resampled by the shared resampler, then `as16Bit`); an MP3, which the editor decodes with WebCodecs
 * where Node has none, decoded by FFmpeg at its own rate and then resampled the same way. Anything else refused.
 */
async function decode(bytes: Uint8Array, what: string): Promise<AudioSource> {
  // Read before decoding, as the editor's decoder reads it: a file of 16 bits or fewer is kept as 16-bit
  // integers by the render worker (`as16Bit`), and its samples are mixed as such; here alike.
  const fits16Bit = carriesAtMost16Bits(bytes.slice().buffer);
  try {
    return as16Bit({ ...(await decodeBytes(bytes, DELIVERY_RENDER_RATE)), fits16Bit });
  } catch (error) {
    if (!(error instanceof NotDecodedHere)) throw error;
  }
  const mp3 = mp3Frames(bytes);
  if (mp3 === undefined || mp3.frames.length === 0) throw new StudioError('asset-format', `${what} is neither WAV nor MP3: a batch decodes only those.`);
  const channels = await ffmpegDecode(bytes, what, Math.min(2, mp3.channelCount));
  return resampled({ channels, sampleRate: mp3.sampleRate }, DELIVERY_RENDER_RATE);
}

/**
 * The audio of the documents a renderer delivers, by URL: `sourcesOf(view)` fetches and decodes what `view`'s
 * clips and bed need (kept for later rows) and resolves with the lookup the Deliver pipeline reads.
 */
export function assetSources(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>): (view: ProjectDocument, signal?: AbortSignal) => Promise<Map<string, AudioSource>> {
  const kept = new Map<string, Promise<AudioSource>>();
  const load = (view: ProjectDocument, url: string, signal: AbortSignal | undefined): Promise<AudioSource> => {
    const what = nameOf(view, url);
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      const scheme = parsed === undefined ? 'no URL' : `a ${parsed.protocol} URL`;
      return Promise.reject(new StudioError('asset-local', `${what} has ${scheme}: its audio is only in the browser that made it (an upload). Upload it to the service (or host it at an http(s) URL) and export the project again.`));
    }
    return (async () => {
      const response = await fetchImpl(parsed.href, signal === undefined ? {} : { signal });
      if (!response.ok) {
        await response.body?.cancel();
        throw new StudioError('asset-fetch', `${what} could not be fetched: the service answered ${response.status} for ${parsed.origin}${parsed.pathname}.`);
      }
      return decode(new Uint8Array(await response.arrayBuffer()), what);
    })();
  };
  return async (view, signal) => {
    // Every URL the view's mix needs (none is held by an empty lookup).
    const needed = missingSources(view, () => undefined);
    const out = new Map<string, AudioSource>();
    for (const url of needed) {
      let source = kept.get(url);
      if (source === undefined) {
        source = load(view, url, signal);
        // A failed fetch is not kept: the next row asks again.
        source.catch(() => kept.delete(url));
      } else kept.delete(url);
      kept.set(url, source);
      out.set(url, await source);
    }
    while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return out;
  };
}
