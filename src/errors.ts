/**
 * Every failure the editor reports is a `StudioError`: a stable `code`, an HTTP `status` where one exists,
 * a human `message` that says what to do, and whether retrying can help (`recoverable`).
 * `toJSON()` keeps exactly those fields, so an error can be logged or posted without carrying headers,
 * request bodies or tokens along.
 */
export class StudioError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly recoverable: boolean;

  constructor(code: string, message: string, options: { status?: number; recoverable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StudioError';
    this.code = code;
    this.status = options.status;
    this.recoverable = options.recoverable ?? false;
  }

  toJSON(): { name: string; code: string; status?: number; message: string; recoverable: boolean } {
    const json: { name: string; code: string; status?: number; message: string; recoverable: boolean } = {
      name: this.name,
      code: this.code,
      message: this.message,
      recoverable: this.recoverable,
    };
    if (this.status !== undefined) json.status = this.status;
    return json;
  }
}

/** One problem found in a configuration object, addressed by its key path (`config.layout.height`). */
export interface ConfigIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * A configuration object was wrong. `message` lists every problem, one per line, each starting with the
 * key path; `issues` holds them one by one.
 */
export class StudioConfigError extends StudioError {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    super('config', issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n'));
    this.name = 'StudioConfigError';
    this.issues = issues;
  }
}
