import { StudioConfigError, type ConfigIssue } from '../errors.js';
import { keyPath } from './checks.js';
import type { StudioConfig } from './types.js';

/** Deepest nesting a snapshot follows; a real config is four levels deep (`config.tools.export.formats[0]`). */
export const MAX_CONFIG_DEPTH = 12;
/** Most values (objects, arrays and leaves) a snapshot copies; a real config has about a hundred. */
export const MAX_CONFIG_VALUES = 10_000;

/** Snapshots made here: a snapshot given again is returned as is. */
const snapshots = new WeakSet<object>();

interface Walk {
  readonly issues: ConfigIssue[];
  /** The objects on the way from the root to the one being copied, with their paths (cycles). */
  readonly ancestors: Map<object, string>;
  values: number;
}

/**
 * Copies a configuration once, defensively, into frozen plain data: objects and arrays are copied (only
 * own enumerable string keys; getters are read once and kept as values; symbol keys are dropped),
 * functions (`auth.getToken`, `onXxx` callbacks) are kept by identity, and every other value is kept as
 * it is. Each read happens inside `try`: a throwing getter, a Proxy that throws on any trap or is revoked,
 * a cycle or absurd nesting becomes a `StudioConfigError` naming the key path (`config.theme.accent`).
 * Validation then reads only the snapshot, never the caller's object again.
 */
export function snapshotConfig(config: unknown): StudioConfig {
  if (typeof config === 'object' && config !== null && snapshots.has(config)) return config as StudioConfig;
  const walk: Walk = { issues: [], ancestors: new Map(), values: 0 };
  const copy = copyValue(config, 'config', 0, walk);
  if (walk.issues.length > 0) throw new StudioConfigError(walk.issues);
  return copy as StudioConfig;
}

const problem = (error: unknown): string => {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message.slice(0, 200)}`;
    return typeof error === 'string' ? error.slice(0, 200) : typeof error;
  } catch {
    return 'an unreadable error';
  }
};

function copyValue(value: unknown, path: string, depth: number, walk: Walk): unknown {
  if (++walk.values > MAX_CONFIG_VALUES) {
    if (walk.values === MAX_CONFIG_VALUES + 1) walk.issues.push({ path, message: `the configuration holds more than ${MAX_CONFIG_VALUES} values; a configuration is a small object of settings` });
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (snapshots.has(value)) return value;
  const seen = walk.ancestors.get(value);
  if (seen !== undefined) {
    walk.issues.push({ path, message: `refers back to ${seen} (a cycle); give plain data` });
    return undefined;
  }
  if (depth >= MAX_CONFIG_DEPTH) {
    walk.issues.push({ path, message: `nested more than ${MAX_CONFIG_DEPTH} levels deep; a configuration is a small object of settings` });
    return undefined;
  }
  let array: boolean;
  let keys: string[];
  try {
    // Both may throw: a revoked Proxy (isArray), a Proxy throwing on ownKeys or getOwnPropertyDescriptor (keys).
    array = Array.isArray(value);
    keys = Object.keys(value);
  } catch (error) {
    walk.issues.push({ path, message: `could not be read (${problem(error)}); give plain data, not a Proxy or an object with throwing getters` });
    return undefined;
  }
  if (keys.length > MAX_CONFIG_VALUES - walk.values) {
    walk.issues.push({ path, message: `holds ${keys.length} entries; a configuration is a small object of settings` });
    return undefined;
  }
  walk.ancestors.set(value, path);
  const copy: unknown[] | Record<string, unknown> = array ? [] : {};
  for (const key of keys) {
    const index = array && /^(?:0|[1-9]\d*)$/.test(key);
    const inner = index ? `${path}[${key}]` : keyPath(path, key);
    let read: unknown;
    try {
      read = (value as Record<string, unknown>)[key];
    } catch (error) {
      walk.issues.push({ path: inner, message: `could not be read (${problem(error)}); give a plain value, not a throwing getter or Proxy` });
      continue;
    }
    const inside = copyValue(read, inner, depth + 1, walk);
    // A key named "__proto__" is defined, not assigned: it stays an own data property and never sets the prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: inside, enumerable: true, writable: true, configurable: true });
    else (copy as Record<string, unknown>)[key] = inside;
  }
  walk.ancestors.delete(value);
  Object.freeze(copy);
  snapshots.add(copy);
  return copy;
}
