import { StudioError } from '../errors.js';

/** One thing wrong with a feed's file: where (a row counted from 1 after the header, a column), and the fix. */
export interface FeedImportProblem {
  /** The row, counted from 1 after the header row; absent for the file or its header. */
  readonly row?: number;
  /** The column, as named in the file. */
  readonly column?: string;
  readonly message: string;
}

/** A feed's file was refused. `message` lists the problems, one a line (at most 10, then how many more). */
export class StudioFeedError extends StudioError {
  static override get kind(): string {
    return 'StudioFeedError';
  }
  readonly problems: readonly FeedImportProblem[];

  constructor(problems: readonly FeedImportProblem[]) {
    const shown = problems.slice(0, 10).map((problem) => problem.message);
    if (problems.length > shown.length) shown.push(`... and ${problems.length - shown.length} more problems like these.`);
    super('feed', shown.join('\n'));
    this.problems = problems;
  }
}
