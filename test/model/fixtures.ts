import type { AssetMetadata, Recommendation } from '../../src/api/contract.js';
import { createProject, type ProjectDocument, type VoiceClip } from '../../src/model/document.js';
import { StudioProjectError } from '../../src/model/validate.js';

export const asset = (id: string): AssetMetadata => ({
  asset_id: id,
  kind: 'voice',
  url: `https://cdn.example/${id}.wav`,
  mime_type: 'audio/wav',
  duration_s: 3.2,
  voice: { voice_id: 'v-anna', name: 'Anna', language: 'en-GB', x_extra: { nested: [1, 2] } },
});

export const clip = (id: string, sectionId: string | null = null, start = 0): VoiceClip => ({
  id,
  sectionId,
  assetId: `a-${id}`,
  url: `https://cdn.example/a-${id}.wav`,
  start,
  gain: 0,
  trimIn: 0,
  trimOut: 0,
  fadeIn: 0,
  fadeOut: 0,
  source: { text: 'Hello', voice: 'v-anna', speed: 1 },
});

export const recommendation = (id: string): Recommendation => ({
  recommendation_id: id,
  title: `Idea ${id}`,
  script: {
    sections: [
      { id: `${id}-hook`, label: 'Hook', text: 'Summer is here.' },
      { id: `${id}-cta`, label: 'Call to action', text: 'Shop now.' },
    ],
  },
  voice: { voice_id: 'v-ben', name: 'Ben', language: 'en-US' },
  music: { track_id: 't-sunny', title: 'Sunny', style: 'pop', loopable: true },
  duration_s: 28,
  score: 0.91,
});

/** A project with two sections, two clips and a music bed. */
export function sampleProject(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  const base = createProject({ projectId: 'p-1', title: 'Summer sale', duration: 30 });
  return {
    ...base,
    script: {
      sections: [
        { id: 's1', label: 'Hook', text: 'Hello' },
        { id: 's2', label: 'Body', text: 'World' },
      ],
    },
    clips: [clip('c1', 's1', 0), clip('c2', 's2', 4)],
    music: { track: { track_id: 't-1', title: 'Beat', style: 'pop' }, assetId: null, url: 'https://cdn.example/t-1.mp3', gain: 0, offset: 0, loop: true, fadeIn: 0.5, fadeOut: 1.5 },
    ...overrides,
  };
}

/** A project with `count` clips, for size tests and benchmarks. */
export function bigProject(count: number): ProjectDocument {
  const doc = sampleProject();
  return { ...doc, clips: Array.from({ length: count }, (_, index) => clip(`c${index}`, null, index * 0.5)) };
}

/** What `run` throws, as a StudioProjectError; fails when it throws nothing or something else. */
export function thrown(run: () => unknown): StudioProjectError {
  try {
    run();
  } catch (error) {
    if (error instanceof StudioProjectError) return error;
    throw error;
  }
  throw new Error('expected a StudioProjectError');
}
