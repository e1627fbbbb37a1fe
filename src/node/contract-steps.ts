// The contract check's steps: the call the editor makes for each operation, in `CHECK_ORDER`, and what later
// steps take of its result (a live run) or of `SAMPLES` (a dry run). A step whose input an earlier one did not
// give is skipped, saying which and why (`needFrom`).
import type { ApiOperation, ScriptSection } from '../api/contract.js';
import type { CallOptions, ServiceClient } from '../api/client.js';
import { voicedText } from '../script/ssml.js';
import type { CHECK_ORDER, StepReport } from './contract-report.js';

/** What later operations take of earlier results. A dry run takes `SAMPLES` instead. */
export interface Picked {
  voiceId?: string;
  trackId?: string;
  jobId?: string;
  recommendation?: { id: string; sections: ScriptSection[]; duration: number };
  sections?: ScriptSection[];
  voiceAsset?: { id: string; duration: number };
}

/** Which operation gives each pick, and in words. */
const SOURCES: Record<keyof Picked, [ApiOperation, string]> = {
  voiceId: ['voices', 'a voice'],
  trackId: ['music', 'a track'],
  jobId: ['recommendUrl', 'a job id'],
  recommendation: ['recommendUrl', 'a recommendation'],
  sections: ['format', 'a script'],
  voiceAsset: ['voiceover', 'a voice asset'],
};

const PROJECT_ID = 'studio-contract-check';
/** The script formatted when no recommendation came back, and voiced when no format did. */
const FIXED_SCRIPT: ScriptSection[] = [
  { id: 'hook', label: 'Hook', text: 'Cold brew at home, smooth and ready in minutes.' },
  { id: 'cta', label: 'Call to action', text: 'Order your kit today at example dot com.' },
];
export const SAMPLES: Required<Picked> = {
  voiceId: 'sample-voice',
  trackId: 'sample-track',
  jobId: 'sample-job',
  recommendation: { id: 'sample-recommendation', sections: FIXED_SCRIPT, duration: 30 },
  sections: FIXED_SCRIPT,
  voiceAsset: { id: 'sample-voice-asset', duration: 4 },
};

/** Thrown by `need` before any request: the step is skipped. */
export class Skip extends Error {}

export type Need = <K extends keyof Picked>(key: K) => NonNullable<Picked[K]>;

/** What a step's call is given: what earlier steps gave (`need` skips the step when a pick is missing), the product page, the call's options. */
export interface StepContext {
  readonly need: Need;
  readonly picked: Picked;
  readonly product: string;
  readonly options: CallOptions;
}

export interface Step {
  readonly operation: (typeof CHECK_ORDER)[number];
  /** The call as the editor makes it. */
  call(client: ServiceClient, at: StepContext): Promise<unknown>;
  /** What later steps take of its result. */
  pick?(result: never, picked: Picked): void;
}

export const STEPS: readonly Step[] = [
  {
    operation: 'voices',
    call: (client, at) => client.voices(at.options),
    pick: (result: { voices: Array<{ voice_id: string }> }, picked) => void (picked.voiceId = result.voices[0]?.voice_id),
  },
  {
    operation: 'music',
    call: (client, at) => client.music(at.options),
    pick: (result: { tracks: Array<{ track_id: string }> }, picked) => void (picked.trackId = result.tracks[0]?.track_id),
  },
  { operation: 'pricing', call: (client, at) => client.priceList(at.options) },
  {
    operation: 'recommendUrl',
    call: (client, at) => client.recommendFromUrl({ project_id: PROJECT_ID, url: at.product, duration: 30, max_recommendations: 1 }, at.options),
    pick: (result: { recommendations: Array<{ recommendation_id: string; script: { sections: ScriptSection[] }; duration_s: number; target_duration_s?: number }> }, picked) => {
      const first = result.recommendations[0];
      if (first !== undefined) picked.recommendation = { id: first.recommendation_id, sections: first.script.sections, duration: first.target_duration_s ?? 30 };
    },
  },
  { operation: 'job', call: (client, at) => client.job(at.need('jobId'), at.options) },
  {
    operation: 'recommendProduct',
    call: (client, at) =>
      client.recommendFromProduct(
        {
          project_id: PROJECT_ID,
          product: { name: 'Cold brew kit', description: 'A cold brew coffee kit: a jar, a filter and a blend ground for cold brewing.', url: at.product },
          duration: 30,
          max_recommendations: 1,
        },
        at.options,
      ),
  },
  {
    operation: 'format',
    call: (client, { picked, options }) =>
      client.format(
        {
          project_id: PROJECT_ID,
          sections: picked.recommendation?.sections ?? FIXED_SCRIPT,
          duration: picked.recommendation?.duration ?? 30,
          ...(picked.voiceId === undefined ? {} : { voice_id: picked.voiceId }),
        },
        options,
      ),
    pick: (result: { sections: ScriptSection[] }, picked) => void (picked.sections = result.sections),
  },
  {
    operation: 'voiceover',
    call: (client, { need, picked, options }) => {
      const section = (picked.sections ?? FIXED_SCRIPT).find((entry) => entry.text.trim() !== '') ?? FIXED_SCRIPT[0]!;
      // With direction, as the editor sends a directed section: a beat after its words, as SSML beside them (left
      // out with api.direction 'none'; a host's adapter maps it to its own markup).
      const read = voicedText(`${section.text}[[pause 0.5s]]`, (raw) => raw);
      return client.voiceover({ project_id: PROJECT_ID, ...read, voice_id: need('voiceId'), section_id: section.id }, options);
    },
    pick: (result: { asset: { asset_id: string; duration_s: number } }, picked) => void (picked.voiceAsset = { id: result.asset.asset_id, duration: result.asset.duration_s }),
  },
  {
    operation: 'mix',
    call: (client, { need, options }) => {
      const voice = need('voiceAsset');
      const trackId = need('trackId');
      return client.mix(
        {
          project_id: PROJECT_ID,
          duration: Math.max(5, Math.ceil(voice.duration + 2)),
          voice: [{ asset_id: voice.id, start_s: 0.5 }],
          music: { asset_id: trackId, gain_db: -8 },
          ducking: { depth_db: 8, attack_ms: 80, release_ms: 300 },
        },
        options,
      );
    },
  },
  {
    operation: 'generate',
    call: (client, { need, options }) => client.generate({ project_id: PROJECT_ID, recommendation_id: need('recommendation').id }, options),
  },
];

/** The `need` of a live run: a pick, or a skip saying which operation did not give it and why. */
export function needFrom(picked: Picked, outcomes: ReadonlyMap<ApiOperation, StepReport['outcome']>): Need {
  return (key) => {
    const value = picked[key];
    if (value !== undefined) return value as NonNullable<typeof value>;
    const [operation, what] = SOURCES[key];
    const outcome = outcomes.get(operation);
    throw new Skip(`needs ${what} from ${operation}, which ${outcome === 'fail' ? 'failed' : outcome === 'skipped' ? 'was skipped' : 'gave none'}`);
  };
}
