// The project's own pronunciations (schema 6): the list is replaced whole, checked as the host's list is.

import { pronunciationProblems } from '../brand/pronunciations.js';
import type { ProjectDocument, Pronunciation } from './document.js';
import { StudioProjectError } from './project-error.js';

/** `doc` with its pronunciations replaced by `entries`; a wrong list throws a `StudioProjectError` naming each entry at fault. */
export function setPronunciations(doc: ProjectDocument, entries: readonly Pronunciation[]): ProjectDocument {
  const problems = pronunciationProblems(entries);
  if (problems.length > 0) {
    throw new StudioProjectError(
      'project-invalid',
      problems.map((problem) => ({ path: problem.index < 0 ? 'project.pronunciations' : `project.pronunciations[${problem.index}]${problem.field === undefined ? '' : `.${problem.field}`}`, message: problem.message })),
    );
  }
  const same = entries.length === doc.pronunciations.length && entries.every((entry, index) => {
    const other = doc.pronunciations[index]!;
    return entry.text === other.text && entry.say === other.say && entry.caseSensitive === other.caseSensitive;
  });
  if (same) return doc;
  return { ...doc, pronunciations: entries.map((entry) => ({ text: entry.text, say: entry.say, ...(entry.caseSensitive === undefined ? {} : { caseSensitive: entry.caseSensitive }) })) };
}
