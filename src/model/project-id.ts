/** Where a generated project id is remembered, per user. */
const key = (userId: string) => `studio-editor/project-id/${userId}`;

/**
 * The project id of an editor: `configured` when the host gave one, else an id generated once and
 * remembered for this user in `localStorage` (so reopening the editor reopens the same project). When
 * storage is unavailable (private mode, blocked), a fresh id is used for this session only.
 */
export function resolveProjectId(configured: string | undefined, userId: string, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeLocalStorage()): string {
  if (configured !== undefined) return configured;
  const known = rememberedProjectId(userId, storage);
  if (known !== undefined) return known;
  const generated = `ad-${crypto.randomUUID()}`;
  try {
    storage?.setItem(key(userId), generated);
  } catch {
    // Not remembered; the draft of this session is still kept under this id while the page lives.
  }
  return generated;
}

/** The project id remembered for `userId`, if any (none is made). */
export function rememberedProjectId(userId: string, storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): string | undefined {
  try {
    return storage?.getItem(key(userId)) || undefined;
  } catch {
    // Storage refused: none is remembered.
    return undefined;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
