import { StudioError } from '../errors.js';

/** One problem found in a project document, addressed by its path (`project.script.sections[2].text`). */
export interface ProjectIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * A project document (from storage, a file or `loadProject`) was refused: corrupt, from a newer editor, or
 * not a project at all. Nothing of it was loaded; the current project is unchanged. `issues` lists each
 * problem with its path.
 */
export class StudioProjectError extends StudioError {
  static override get kind(): string {
    return 'StudioProjectError';
  }
  readonly issues: readonly ProjectIssue[];

  constructor(code: 'project-invalid' | 'project-too-new', issues: readonly ProjectIssue[]) {
    super(code, issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n'), { recoverable: true });
    this.issues = issues;
  }
}
