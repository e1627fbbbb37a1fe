// A run's template, kept once in its store at `templates/<template id>.json`, so a job carries only its RowJob:
// whoever renders it (a worker thread here, a queue's worker on another machine) reads the template by its id.
import type { ProjectDocument } from '../model/document.js';
import { StudioError } from '../errors.js';
import { templateId } from './row-job.js';
import type { OutputStore } from './output-store.js';

/** Where the template of id `id` is kept. */
export const templatePath = (id: string): string => `templates/${id}.json`;

/** Keeps `template` in `store` (once: the same content has the same id) and resolves with its id. */
export async function saveTemplate(store: OutputStore, template: ProjectDocument): Promise<string> {
  const id = templateId(template);
  if (!(await store.has(templatePath(id)))) await store.write(templatePath(id), new TextEncoder().encode(JSON.stringify(template)));
  return id;
}

/** The template of id `id` kept in `store`, or a refusal naming what is missing. */
export async function loadTemplate(store: OutputStore, id: string): Promise<ProjectDocument> {
  const bytes = await store.read(templatePath(id));
  if (bytes === undefined) throw new StudioError('batch-template', `No template ${id} in the store (${templatePath(id)}): the run that made the job keeps it there; enqueue the run again.`);
  return JSON.parse(new TextDecoder().decode(bytes)) as ProjectDocument;
}
