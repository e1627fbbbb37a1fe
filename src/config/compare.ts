import type { ResolvedConfig } from './types.js';

/**
 * Whether two config values are equal in content: plain objects and arrays compared member by member,
 * functions (auth callbacks) and everything else by identity. Configs are data: a new object with the same
 * content is the same config.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(recordB, key) && sameContent(recordA[key], recordB[key]));
}

/** The config areas whose content differs between `a` and `b`. */
export function changedAreas(a: ResolvedConfig, b: ResolvedConfig): Set<keyof ResolvedConfig> {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof ResolvedConfig>);
  return new Set([...keys].filter((key) => !sameContent(a[key], b[key])));
}

/**
 * Whether going from `a` to `b` needs a new session (a new token, service client and autosave): another
 * user, project or service, or another way of talking to it. Everything else changes live.
 */
export function needsNewSession(a: ResolvedConfig, b: ResolvedConfig): boolean {
  return (
    a.auth.userId !== b.auth.userId ||
    a.auth.timeoutMs !== b.auth.timeoutMs ||
    a.project.id !== b.project.id ||
    a.project.autosave !== b.project.autosave ||
    !sameContent(a.api, b.api)
  );
}

/** The areas a project is made from when it starts: changing them rebuilds a project nobody touched. */
export const PROJECT_DEFAULT_AREAS: ReadonlyArray<keyof ResolvedConfig> = ['project', 'vocal', 'music', 'mastering'];
