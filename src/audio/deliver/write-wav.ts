// A delivered WAV written whole where it is encoded (the MP3 worker): the PCM, its figures as written
// (decoded again), the tags that carry them, the hash and the Blob. The page then only receives a Blob.
import type { CampaignFields, DestinationProfile } from '../../delivery/types.js';
import { decodeWav, encodeWav } from '../dsp/wav.js';
import { withWavMetadata } from '../dsp/wav-metadata.js';
import type { WavEncoding } from '../render-protocol.js';
import { measureAudio, type MeasuredAudio } from './figures.js';
import { sha256Hex } from './sha256.js';
import { deliveryWavMetadata, stemWavMetadata } from './tags.js';

/** Whose tags a WAV carries: a destination's file, or a stem. */
export type WavTags =
  | { readonly kind: 'file'; readonly title: string; readonly campaign: CampaignFields; readonly destination: DestinationProfile }
  | { readonly kind: 'stem'; readonly stem: 'voice' | 'music'; readonly title: string; readonly campaign: CampaignFields };

/** A WAV as written: the file, its size and hash, and its figures. */
export interface WrittenWav {
  readonly blob: Blob;
  readonly bytes: number;
  readonly sha256: string;
  readonly measured: MeasuredAudio;
}

/** Encodes `channels` as WAV, measures the file decoded again, tags it with those figures, hashes it. */
export async function writeWav(channels: readonly Float32Array[], sampleRate: number, encoding: WavEncoding, tags: WavTags): Promise<WrittenWav> {
  const pcm = encodeWav([...channels], sampleRate, encoding);
  const measured = measureAudio(decodeWav(pcm).channels, sampleRate);
  const { measurement } = measured;
  const metadata = tags.kind === 'file' ? deliveryWavMetadata({ ...tags, measurement }) : stemWavMetadata({ ...tags, measurement });
  const file = withWavMetadata(pcm, metadata);
  return { blob: new Blob([file as BlobPart], { type: 'audio/wav' }), bytes: file.length, sha256: await sha256Hex(file), measured };
}
