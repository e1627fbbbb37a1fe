// Listening to a pronunciation entry: the entry's text voiced with the entry, in the voice it will be heard in.
// A take is kept per entry, voice and speed, so listening again costs nothing.
import type { CallOptions, ServiceClient } from '../../api/client.js';
import type { Usage } from '../../api/contract.js';
import { requestEntries } from '../../api/pronunciation-field.js';
import { matchPronunciations } from '../../brand/match.js';
import type { PronunciationEntry } from '../../brand/pronunciations.js';
import type { ProjectDocument } from '../../model/document.js';
import { sectionVoice } from '../../script/voiceover.js';

/**
 * The voice `entry` is heard in: that of the first section whose text it applies to, or the ad's voice when
 * it applies to none; null before any voice is chosen.
 */
export function auditionVoice(project: ProjectDocument, entry: PronunciationEntry): string | null {
  const section = project.script.sections.find((candidate) => matchPronunciations(candidate.text, [entry]).length > 0);
  return section === undefined ? project.voice.voice : sectionVoice(project, section);
}

/** Takes of entries already heard, by entry, voice and speed. */
export class EntryAuditions {
  readonly #takes = new Map<string, string>();

  /**
   * The URL of a take of `entry` in `voice` at `speed`: kept from before, or voiced now (a voice-over of the
   * entry's text with the entry), with what it cost.
   */
  async take(client: ServiceClient, projectId: string, entry: PronunciationEntry, voice: string, speed: number, options: CallOptions): Promise<{ url: string; usage?: Usage }> {
    const key = JSON.stringify([entry.text, entry.say, entry.caseSensitive === true, voice, speed]);
    const kept = this.#takes.get(key);
    if (kept !== undefined) return { url: kept };
    const result = await client.voiceover({ project_id: projectId, text: entry.text, voice_id: voice, speed, pronunciations: requestEntries([entry]) }, options);
    this.#takes.set(key, result.asset.url);
    return { url: result.asset.url, ...(result.usage === undefined ? {} : { usage: result.usage }) };
  }
}
