import type { StringKey } from '../../i18n/en.js';
import type { ProjectDocument } from '../document.js';

/** The parts of a project a person recognises, each with the name the notices show. */
const PARTS: ReadonlyArray<readonly [StringKey, (doc: ProjectDocument) => unknown]> = [
  ['notice.part.title', (doc) => doc.title],
  ['notice.part.script', (doc) => doc.script],
  ['notice.part.voice', (doc) => [doc.voice, doc.clips]],
  ['notice.part.music', (doc) => doc.music],
  ['notice.part.mix', (doc) => doc.mix],
  ['notice.part.delivery', (doc) => [doc.duration, doc.delivery, doc.mastering, doc.campaign]],
  ['notice.part.recommendations', (doc) => doc.recommendations],
];

/** Which parts of `a` and `b` differ, as text keys (for "the draft differs in: title, script"). */
export function describeDifferences(a: ProjectDocument, b: ProjectDocument): StringKey[] {
  return PARTS.filter(([, pick]) => JSON.stringify(pick(a)) !== JSON.stringify(pick(b))).map(([key]) => key);
}
