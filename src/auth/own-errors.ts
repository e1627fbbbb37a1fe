/**
 * Errors the editor's own code throws from inside a host callback (the `endpointAuth` callbacks), whose
 * message may be passed on. The message is kept here when the error is made, so a callback that catches
 * the error and rewrites its `message` (or throws a look-alike, or a Proxy) cannot get text into ours:
 * lookup is by identity in a WeakMap, which runs no code of the value looked up.
 */
const messages = new WeakMap<object, string>();

/** Marks `error` as ours, keeping its message as it is now. Returns it. */
export function ownError<E extends Error>(error: E): E {
  messages.set(error, error.message);
  return error;
}

/** The message `value` had when `ownError` marked it, or undefined when it is not one of ours. */
export function ownMessage(value: unknown): string | undefined {
  return (typeof value === 'object' || typeof value === 'function') && value !== null ? messages.get(value) : undefined;
}
