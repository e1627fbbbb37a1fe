// The spoken length with the script's direction counted: before any take, the estimate reads each section's words
// as said (a telephone number's digits, a price in words) and adds its pauses. With takes it is the takes as
// voiced (`spokenLength`). The Script step, the judge of the ad's read and "Make a version" use this figure. Pure.
import type { ProjectDocument } from '../model/document.js';
import { asSaid, type ReadSection } from './read-length.js';
import { estimatedLength, spokenLength, type SpokenLength, type VoiceRate } from './spoken-length.js';
import { sectionSaid } from './voiceover.js';

/**
 * Each section of `doc` as its estimate reads it (`readLength`): its words as said and its pauses (`said`), its
 * voice's rate when known.
 */
export function saidSections(doc: ProjectDocument, rate: VoiceRate = () => undefined): ReadSection[] {
  return doc.script.sections.map((section) => {
    const said = sectionSaid(doc, section);
    const wordsPerMinute = rate(section.voice ?? doc.voice.voice);
    return { label: section.label, text: said.words, said, ...(wordsPerMinute === undefined ? {} : { wordsPerMinute }) };
  });
}

/** `spokenLength` of `doc`, its estimate (before any take) counting the direction's pauses and expansions. */
export function directedLength(doc: ProjectDocument, rate: VoiceRate = () => undefined): SpokenLength {
  const length = spokenLength(doc, rate);
  return length.estimate ? { ...estimatedLength(asSaid(saidSections(doc, rate)), doc.duration, doc.voice.speed), keptSpeed: doc.voice.keptSpeed } : length;
}
