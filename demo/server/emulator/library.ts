// The voice and music libraries, and the audio files behind them.
import type { ServerResponse } from 'node:http';
import type { MusicLibrary, VoiceLibrary } from '../../../src/api/contract.js';
import { findTrack, renderPreview, renderTrack, TRACKS } from './music.js';
import { VOICES, findVoice, voiceSample } from './voices.js';
import { encodeWav } from './wav.js';

/** `GET /v1/voices`. The rate of each voice is measured on its sample (synthesised on first use). */
export async function voiceLibrary(baseUrl: string): Promise<VoiceLibrary> {
  const voices = [];
  for (const voice of VOICES) {
    const sample = await voiceSample(voice);
    voices.push({ ...voice.details, sample_url: `${baseUrl}/cdn/voices/${voice.details.voice_id}.wav`, words_per_minute: sample.wordsPerMinute });
  }
  return { voices };
}

/** `GET /v1/music`. */
export function musicLibrary(baseUrl: string): MusicLibrary {
  return {
    tracks: TRACKS.map(({ details }) => ({
      ...details,
      url: `${baseUrl}/cdn/music/${details.track_id}.wav`,
      preview_url: `${baseUrl}/cdn/music/${details.track_id}-preview.wav`,
    })),
  };
}

/** Writes WAV bytes (GET or HEAD). */
export function sendWav(response: ServerResponse, wav: Buffer, head: boolean, cache: string): void {
  response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length, 'cache-control': cache, 'accept-ranges': 'none' });
  response.end(head ? undefined : wav);
}

const files = new Map<string, Buffer>();

/** The public file at `/cdn/...`: music beds, their previews, voice samples. Undefined when there is none. */
export async function cdnFile(path: string): Promise<Buffer | undefined> {
  const cached = files.get(path);
  if (cached) return cached;
  let wav: Buffer | undefined;
  const music = /^\/cdn\/music\/([a-z0-9-]+?)(-preview)?\.wav$/.exec(path);
  const voice = /^\/cdn\/voices\/([a-z0-9-]+)\.wav$/.exec(path);
  if (music) {
    const track = findTrack(music[1]!);
    if (track) wav = encodeWav(music[2] ? renderPreview(track) : renderTrack(track));
  } else if (voice) {
    const definition = findVoice(voice[1]!);
    if (definition) wav = encodeWav((await voiceSample(definition)).audio);
  }
  if (wav) files.set(path, wav);
  return wav;
}
