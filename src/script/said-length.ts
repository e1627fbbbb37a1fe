// The spoken length with the script's direction counted: before any take, the estimate reads each section's words
// as said (a telephone number's digits, a price in words) and adds its pauses. With takes it is the takes as
// voiced (`spokenLength`). The Script step and "Make a version" show this figure. Pure.
import type { ProjectDocument } from '../model/document.js';
import { estimatedLength, spokenLength, SPEECH_SLACK, type SpokenLength, type VoiceRate } from './spoken-length.js';
import { sectionSaid } from './voiceover.js';

/** `spokenLength` of `doc`, its estimate (before any take) counting the direction's pauses and expansions. */
export function directedLength(doc: ProjectDocument, rate: VoiceRate = () => undefined): SpokenLength {
  const length = spokenLength(doc, rate);
  if (!length.estimate) return length;
  let pauses = 0;
  const sections = doc.script.sections.map((section) => {
    const said = sectionSaid(doc, section);
    pauses += said.pauses;
    const wordsPerMinute = rate(section.voice ?? doc.voice.voice);
    return { text: said.words, ...(wordsPerMinute === undefined ? {} : { wordsPerMinute }) };
  });
  const words = estimatedLength(sections, doc.duration, doc.voice.speed);
  const seconds = words.seconds + pauses / doc.voice.speed;
  const over = seconds - doc.duration > SPEECH_SLACK ? seconds - doc.duration : 0;
  return { ...words, seconds, speaking: seconds, over, wordsPerSecond: seconds > 0 ? words.words / seconds : 0, keptSpeed: doc.voice.keptSpeed };
}
