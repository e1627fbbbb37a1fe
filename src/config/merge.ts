/**
 * `base` with `partial` laid over it: plain objects merge key by key, anything else (arrays, functions,
 * strings) replaces, and a key set to `undefined` goes back to its default. Neither input is changed.
 */
export function mergeConfig<T extends object>(base: T, partial: object): T {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(partial)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const current = merged[key];
    if (value === undefined) delete merged[key];
    else if (isPlainObject(value) && isPlainObject(current)) merged[key] = mergeConfig(current, value);
    else merged[key] = value;
  }
  return merged as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
