// The least answer of each operation that fits its typed result (src/api/result-schema.ts), for stubbed services.
import type { ApiOperation, AssetMetadata, OperationResults } from '../../src/api/contract.js';

export const asset = (id = 'a1', kind: AssetMetadata['kind'] = 'voice'): AssetMetadata => ({
  asset_id: id,
  kind,
  url: `https://api.test.invalid/v1/assets/${id}`,
  mime_type: 'audio/wav',
  duration_s: 2.5,
});

const voice = { voice_id: 'v1', name: 'Ava', language: 'en-GB' };
const track = { track_id: 't1', title: 'Bright', style: 'pop' };

export const TYPED_RESULTS: { [Op in ApiOperation]: OperationResults[Op] } = {
  recommendUrl: { recommendations: [{ recommendation_id: 'r1', title: 'Idea', script: { sections: [{ id: 's1', label: 'Hook', text: 'Hi.' }] }, voice, music: track, duration_s: 29 }] },
  recommendProduct: { recommendations: [] },
  format: { sections: [{ id: 's1', label: 'Hook', text: 'Hi.' }], estimated_duration_s: 1.2 },
  voiceover: { asset: asset() },
  mix: { asset: asset('m1', 'mix') },
  generate: { asset: asset('ad1', 'ad'), voiceovers: [asset()] },
  job: { state: 'pending' },
  voices: { voices: [{ ...voice, sample_url: 'https://cdn.test.invalid/v1.mp3', words_per_minute: 160 }] },
  music: { tracks: [{ ...track, url: 'https://cdn.test.invalid/t1.mp3', preview_url: 'https://cdn.test.invalid/t1-preview.mp3' }] },
  pricing: { operations: { voiceover: { base: 1 } } },
};

/** The typed answer of the operation at a request's default path (DEFAULT_PATHS). */
export function typedAnswerFor(path: string): unknown {
  const byPath: Record<string, ApiOperation> = {
    '/v1/recommend/url': 'recommendUrl',
    '/v1/recommend/product': 'recommendProduct',
    '/v1/format': 'format',
    '/v1/voiceover': 'voiceover',
    '/v1/mix': 'mix',
    '/v1/generate': 'generate',
    '/v1/voices': 'voices',
    '/v1/music': 'music',
    '/v1/pricing': 'pricing',
  };
  const operation = byPath[path];
  return operation === undefined ? { job_id: 'j', status: 'running' } : TYPED_RESULTS[operation];
}
