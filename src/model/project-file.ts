import type { ProjectDocument } from './document.js';
import { readProject } from './read-project.js';
import { StudioProjectError } from './project-error.js';

/** Media type of project files. */
export const PROJECT_FILE_TYPE = 'application/json';

/** A file name from a title: `Summer sale!` -> `summer-sale.studio.json`. */
export function projectFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'project'}.studio.json`;
}

/** The project as a JSON file: a `Blob` and a file name from its title. */
export function exportProjectFile(doc: ProjectDocument): { blob: Blob; fileName: string } {
  return { blob: new Blob([JSON.stringify(doc, null, 2)], { type: PROJECT_FILE_TYPE }), fileName: projectFileName(doc.title) };
}

/**
 * Reads a project file (a `File` or `Blob`): parses, migrates and validates it. Rejects with a
 * `StudioProjectError` that says what is wrong (not JSON, not a project, a newer editor's file, a bad field by path).
 */
export async function importProjectFile(file: Blob): Promise<ProjectDocument> {
  const text = await file.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const name = 'name' in file && typeof file.name === 'string' ? file.name : 'the file';
    throw new StudioProjectError('project-invalid', [{ path: 'file', message: `${name} is not a project file: it is not JSON (${(error as Error).message})` }]);
  }
  return readProject(value);
}

/** Offers the project file to the user as a download (an object URL on a temporary link). */
export function downloadProjectFile(doc: ProjectDocument, ownerDocument: Document = document): void {
  const { blob, fileName } = exportProjectFile(doc);
  const url = URL.createObjectURL(blob);
  const link = ownerDocument.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  ownerDocument.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
