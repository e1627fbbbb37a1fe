// An error as `studio-batch` prints it: the words are the program's, but they quote files, flags, feeds and the
// service, so each part goes through `printable`, keeping only the line feeds the program itself puts between lines.
import { StudioConfigError } from '../errors.js';
import { printable } from '../internal/printable.js';

/**
 * The lines of `error`, each ending in a line feed: a config error's issues one a line (its key path, then what is
 * wrong), any other error's message on one line; every value in them escaped, so none can start a line of its own.
 */
export function errorLines(error: unknown): string {
  if (error instanceof StudioConfigError) return error.issues.map((issue) => `${printable(issue.path)}: ${printable(issue.message)}\n`).join('');
  return `${printable(error instanceof Error ? error.message : String(error))}\n`;
}
