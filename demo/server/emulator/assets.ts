// Generated audio assets (voice-overs, mixes, ads), kept in memory per user, bounded in count.
import { randomBytes } from 'node:crypto';
import type { AssetMetadata } from '../../../src/api/contract.js';
import { ACCOUNT_USER } from './tokens.js';
import { durationOf, encodeWav, type PcmAudio } from './wav.js';

interface StoredAsset {
  userId: string;
  metadata: AssetMetadata;
  audio: PcmAudio;
  wav: Buffer;
}

export class AssetStore {
  readonly #assets = new Map<string, StoredAsset>();

  constructor(
    private readonly baseUrl: () => string,
    private readonly limit = 300,
  ) {}

  /** Stores `audio` for `userId`; returns its metadata with a `/v1/assets/{id}` URL (the token is required). */
  add(userId: string, kind: AssetMetadata['kind'], audio: PcmAudio, extra: Partial<AssetMetadata> = {}): AssetMetadata {
    const assetId = `asset_${randomBytes(9).toString('base64url')}`;
    const metadata: AssetMetadata = {
      asset_id: assetId,
      kind,
      url: `${this.baseUrl()}/v1/assets/${assetId}`,
      mime_type: 'audio/wav',
      duration_s: Math.round(durationOf(audio) * 1000) / 1000,
      sample_rate: audio.sampleRate,
      channels: audio.channels.length,
      ...extra,
    };
    this.#assets.set(assetId, { userId, metadata, audio, wav: encodeWav(audio) });
    while (this.#assets.size > this.limit) this.#assets.delete(this.#assets.keys().next().value!);
    return metadata;
  }

  /** The asset of `userId`, or undefined when it does not exist or belongs to another user. */
  get(assetId: string, userId: string): StoredAsset | undefined {
    const asset = this.#assets.get(assetId);
    // The account key (server to server, a batch render) reads the assets of every user of the account.
    return asset && (asset.userId === userId || userId === ACCOUNT_USER) ? asset : undefined;
  }

  clear(): void {
    this.#assets.clear();
  }
}
