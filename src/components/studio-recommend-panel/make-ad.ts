// "Make the ad": every section of an idea voiced, the bed and the layout in one go. The service's
// complete-ad generation (`generate`, an assumed operation) does the voicing; a service without it
// (404 or 501) gets the editor's own path, one voice-over per section. So does an ad that pronunciations
// apply to (generation takes none) or made for a host that licenses its voices or music (generation works
// from the service's own idea, whose voice and bed the editor may have replaced: licensed-ideas.ts). Either
// way the editor mixes and masters what plays (the preview is the export), so the result meets the
// project's delivery preset.
import type { CallOptions, ServiceClient } from '../../api/client.js';
import type { AssetMetadata, Recommendation, Usage } from '../../api/contract.js';
import { StudioApiError } from '../../api/errors.js';
import type { JobProgress } from '../../api/poller.js';
import { requestEntries } from '../../api/pronunciation-field.js';
import { applyingPronunciations, brandAndProject } from '../../brand/match.js';
import type { PronunciationEntry } from '../../brand/pronunciations.js';
import type { ClipSource } from '../../model/document.js';

export interface AdTakes {
  /** One take per section of the idea, in script order. */
  takes: Array<{ asset: AssetMetadata; sectionId: string; source: ClipSource }>;
  /** The bed the service chose and made, with its music details, when it says. */
  music?: AssetMetadata;
  /** What each call cost, as the service reported it. */
  usage: Array<{ operation: string; usage: Usage }>;
  /** Which path made the takes. */
  path: 'generate' | 'voiceover';
}

/** Progress of the editor's own path, in the shape of a job's. */
type Progress = Pick<JobProgress, 'state' | 'progress' | 'stage'>;

export async function makeAdTakes(
  client: ServiceClient,
  projectId: string,
  idea: Recommendation,
  options: {
    signal: AbortSignal;
    onProgress: (progress: Progress) => void;
    voicingStage: (n: number, count: number) => string;
    /** The host's brand pronunciations and the project's own: each section is voiced with those that apply to it. */
    pronunciations?: { brand: readonly PronunciationEntry[]; project: readonly PronunciationEntry[] };
    /** The host licenses its voices or music (`vocal.voices`, `music.tracks`): the editor voices the idea itself. */
    licensed?: boolean;
  },
): Promise<AdTakes> {
  const sections = idea.script.sections;
  const speed = idea.voice.speed ?? 1;
  const list = brandAndProject(options.pronunciations?.brand ?? [], options.pronunciations?.project ?? []);
  const source = (text: string, entries: readonly PronunciationEntry[] = []): ClipSource => ({ text, voice: idea.voice.voice_id, speed, ...(entries.length === 0 ? {} : { pronunciations: entries }) });
  const ownPath = options.licensed === true || sections.some((section) => applyingPronunciations(section.text, list).length > 0);
  if (!ownPath) {
    try {
      const result = await client.generate({ project_id: projectId, recommendation_id: idea.recommendation_id }, { signal: options.signal, onProgress: options.onProgress } satisfies CallOptions);
      if (result.voiceovers.length !== sections.length) {
        throw new StudioApiError('bad-response', `Ad generation answered ${result.voiceovers.length} voice-overs for ${sections.length} sections.`, { status: 200, recoverable: true });
      }
      return {
        takes: sections.map((section, index) => ({ asset: result.voiceovers[index]!, sectionId: section.id, source: source(section.text) })),
        ...(result.music === undefined ? {} : { music: result.music }),
        usage: result.usage === undefined ? [] : [{ operation: 'generate', usage: result.usage }],
        path: 'generate',
      };
    } catch (error) {
      if (!(error instanceof StudioApiError && (error.status === 404 || error.status === 501))) throw error;
    }
  }
  const takes: AdTakes['takes'] = [];
  const usage: AdTakes['usage'] = [];
  for (const [index, section] of sections.entries()) {
    options.onProgress({ state: 'running', progress: index / sections.length, stage: options.voicingStage(index + 1, sections.length) });
    const entries = applyingPronunciations(section.text, list);
    const result = await client.voiceover(
      { project_id: projectId, text: section.text, voice_id: idea.voice.voice_id, speed, section_id: section.id, ...(entries.length === 0 ? {} : { pronunciations: requestEntries(entries) }) },
      { signal: options.signal },
    );
    takes.push({ asset: result.asset, sectionId: section.id, source: source(section.text, entries) });
    if (result.usage !== undefined) usage.push({ operation: 'voiceover', usage: result.usage });
  }
  return { takes, usage, path: 'voiceover' };
}
