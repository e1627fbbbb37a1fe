/**
 * Every failure the editor reports is a `StudioError`: a stable `code`, an HTTP `status` where one exists,
 * a human `message` that says what to do, and whether retrying can help (`recoverable`).
 * `toJSON()` keeps exactly those fields, so an error can be logged or posted without carrying headers,
 * request bodies or tokens along.
 */
/** Where an error keeps the kinds of its class and its ancestors (shared by every copy of the editor). */
const KINDS = Symbol.for('service-studio-editor.error-kinds');

export class StudioError extends Error {
  /**
   * The class's name, kept by minifiers: `error.name`, and what `instanceof` compares across copies of the
   * editor on one page (the script-tag loader and the modules it loads, or two builds), whose classes are
   * different objects. Each subclass declares its own.
   */
  static get kind(): string {
    return 'StudioError';
  }

  /**
   * `instanceof` by prototype, or by kind for an error made by another copy of the editor: its own data
   * property, read without running a getter; anything that throws on being looked at (a hostile Proxy) is
   * simply not one.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (typeof value !== 'object' || value === null) return false;
    try {
      const kinds: unknown = Object.getOwnPropertyDescriptor(value, KINDS)?.value;
      return Array.isArray(kinds) && kinds.includes(this.kind);
    } catch {
      return false;
    }
  }

  readonly code: string;
  readonly status: number | undefined;
  readonly recoverable: boolean;

  constructor(code: string, message: string, options: { status?: number; recoverable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.kind;
    const kinds: string[] = [];
    for (let type: unknown = new.target; type !== Error && typeof type === 'function'; type = Object.getPrototypeOf(type)) {
      if (Object.hasOwn(type, 'kind')) kinds.push((type as typeof StudioError).kind);
    }
    Object.defineProperty(this, KINDS, { value: Object.freeze(kinds) });
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
  static override get kind(): string {
    return 'StudioConfigError';
  }
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    super('config', issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n'));
    this.issues = issues;
  }
}
