// "Make the ad": every section of an idea voiced, the bed and the layout in one go. The service's
// complete-ad generation (`generate`, an assumed operation) does the voicing; a service without it
// (404 or 501) gets the editor's own path, one voice-over per section. So does an ad that pronunciations
// apply to (generation takes none) or made for a host that licenses its voices or music (generation works
// from the service's own idea, whose voice and bed the editor may have replaced: licensed-ideas.ts). Either
// way the editor mixes and masters what plays (the preview is the export), so the result meets the
// project's delivery preset. The editor never reads faster than `vocal.maxFitSpeed`: an idea the service
// fitted faster has its script shortened to fit at that speed (`format`), or, when it cannot be, stays long.
// A section's `{{slots}}` are voiced as their samples (script/slots.ts), by the editor's own path.
import type { CallOptions, ServiceClient } from '../api/client.js';
import type { AssetMetadata, Recommendation, ScriptSection } from '../api/contract.js';
import { StudioApiError } from '../api/api-error.js';
import type { JobProgress } from '../api/poller.js';
import { requestEntries } from '../api/pronunciation-field.js';
import { applyingPronunciations, brandAndProject } from '../brand/match.js';
import type { PronunciationEntry } from '../brand/pronunciations.js';
import type { ClipSource, SlotDefinition } from '../model/document.js';
import type { ServiceAction } from '../model/actions.js';
import { isoNow, usageReceived } from '../model/credits.js';
import { sampleSpokenText } from '../script/slot-scan.js';
import { voicedText } from '../script/ssml.js';
import { callToAction } from './make-version.js';

export interface AdTakes {
  /** One take per section of the idea, in script order. */
  takes: Array<{ asset: AssetMetadata; sectionId: string; source: ClipSource }>;
  /** The bed the service chose and made, with its music details, when it says. */
  music?: AssetMetadata;
  /** What each call cost, as the service reported it: the `usage/received` actions to dispatch, timed. */
  usage: ServiceAction[];
  /** Which path made the takes. */
  path: 'generate' | 'voiceover';
  /** The speed the takes were read at. */
  speed: number;
  /**
   * The idea was fitted faster than `maxFitSpeed`: read at `max` instead, its script shortened to fit
   * (`sections`, the service's `format`) or, when that could not be done (`shortened: false`), left long.
   */
  capped?: { given: number; max: number; shortened: boolean; sections: readonly ScriptSection[] };
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
    /** The fastest the editor reads (`vocal.maxFitSpeed`): an idea fitted faster is shortened to fit at this speed instead. */
    maxFitSpeed?: number;
    /** The ad's length, seconds, which a shortened script fits. */
    duration?: number;
    /** The project's slot definitions: a section's `{{slots}}` are voiced as their samples (`sampleSpokenText`). */
    slots?: readonly SlotDefinition[];
  },
): Promise<AdTakes> {
  const given = idea.voice.speed ?? 1;
  const usage: AdTakes['usage'] = [];
  const capped = options.maxFitSpeed !== undefined && given > options.maxFitSpeed + 1e-9 ? await shorten(client, projectId, idea, options.maxFitSpeed, options.duration ?? idea.target_duration_s ?? idea.duration_s, options.signal, usage) : undefined;
  const sections = capped?.sections ?? idea.script.sections;
  const speed = capped?.max ?? given;
  const list = brandAndProject(options.pronunciations?.brand ?? [], options.pronunciations?.project ?? []);
  const source = ({ text, ssml }: { text: string; ssml?: string }, entries: readonly PronunciationEntry[] = []): ClipSource => ({
    text,
    voice: idea.voice.voice_id,
    speed,
    ...(entries.length === 0 ? {} : { pronunciations: entries }),
    ...(ssml === undefined ? {} : { ssml }),
  });
  const read = sections.map((section) => voicedText(section.text, (raw) => sampleSpokenText(raw, options.slots ?? [])));
  // The service's generation reads its own idea at its own speed, as written: a capped read, or one whose slots
  // are read as their samples, is the editor's to make.
  const ownPath =
    capped !== undefined ||
    options.licensed === true ||
    sections.some((section, index) => read[index]!.text !== section.text || applyingPronunciations(section.text, list).length > 0);
  if (!ownPath) {
    try {
      const sent = isoNow();
      const result = await client.generate({ project_id: projectId, recommendation_id: idea.recommendation_id }, { signal: options.signal, onProgress: options.onProgress } satisfies CallOptions);
      if (result.voiceovers.length !== sections.length) {
        throw new StudioApiError('bad-response', `Ad generation answered ${result.voiceovers.length} voice-overs for ${sections.length} sections.`, { status: 200, recoverable: true });
      }
      return {
        takes: sections.map((section, index) => ({ asset: result.voiceovers[index]!, sectionId: section.id, source: source({ text: section.text }) })),
        ...(result.music === undefined ? {} : { music: result.music }),
        usage: result.usage === undefined ? [] : [usageReceived('generate', result.usage, sent)],
        path: 'generate',
        speed,
      };
    } catch (error) {
      if (!(error instanceof StudioApiError && (error.status === 404 || error.status === 501))) throw error;
    }
  }
  const takes: AdTakes['takes'] = [];
  for (const [index, section] of sections.entries()) {
    options.onProgress({ state: 'running', progress: index / sections.length, stage: options.voicingStage(index + 1, sections.length) });
    const { text, ssml } = read[index]!;
    const entries = applyingPronunciations(text, list);
    const sent = isoNow();
    const result = await client.voiceover(
      {
        project_id: projectId,
        text,
        voice_id: idea.voice.voice_id,
        speed,
        section_id: section.id,
        ...(entries.length === 0 ? {} : { pronunciations: requestEntries(entries) }),
        ...(ssml === undefined ? {} : { ssml }),
      },
      { signal: options.signal },
    );
    takes.push({ asset: result.asset, sectionId: section.id, source: source(read[index]!, entries) });
    if (result.usage !== undefined) usage.push(usageReceived('voiceover', result.usage, sent));
  }
  return { takes, usage, path: 'voiceover', speed, ...(capped === undefined ? {} : { capped }) };
}

/**
 * The idea's script fitted to `duration` at `max` times normal speed (the service's `format`, keeping the call
 * to action word for word), or the script as it was when the service cannot fit it (the ad stays long).
 */
async function shorten(
  client: ServiceClient,
  projectId: string,
  idea: Recommendation,
  max: number,
  duration: number,
  signal: AbortSignal,
  usage: AdTakes['usage'],
): Promise<NonNullable<AdTakes['capped']>> {
  const given = idea.voice.speed ?? 1;
  const sections = idea.script.sections;
  const call = callToAction(sections);
  try {
    const sent = isoNow();
    const result = await client.format(
      { project_id: projectId, sections: sections.map(({ id, label, text }) => ({ id, label, text })), duration, voice_id: idea.voice.voice_id, speed: max, ...(call === undefined ? {} : { keep_section_ids: [call.id] }) },
      { signal },
    );
    if (result.usage !== undefined) usage.push(usageReceived('format', result.usage, sent));
    const texts = new Map(result.sections.map((section) => [section.id, section.text]));
    // The call to action word for word, whatever a service answers; a section it emptied is dropped.
    const fitted = sections.flatMap((section) => {
      const text = section === call ? section.text : (texts.get(section.id) ?? section.text);
      return text.trim() === '' ? [] : [{ ...section, text }];
    });
    return { given, max, shortened: true, sections: fitted };
  } catch (error) {
    if (error instanceof StudioApiError && (error.serviceCode === 'cannot_fit' || error.status === 422)) return { given, max, shortened: false, sections };
    throw error;
  }
}
