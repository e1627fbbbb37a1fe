/**
 * The conflict guard between tabs: each save is announced on a `BroadcastChannel` per database, and a tab
 * that hears of a newer revision of the draft it is saving learns that its own saves would overwrite
 * another tab's work. (The store refuses such a write too, in the same transaction: see idb.ts.)
 */

/** What a tab announces after each save. */
interface SavedMessage {
  type: 'saved';
  key: string;
  revision: number;
  tabId: string;
}

export class TabSync {
  readonly #name: string;
  readonly #tabId: string;
  readonly #watched: () => { key: string; revision: number } | undefined;
  readonly #onNewer: () => void;
  #channel: BroadcastChannel | undefined;

  /**
   * `watched`: the draft this tab saves and the revision it holds (undefined: none, e.g. once disposed);
   * `onNewer`: another tab saved a newer revision of it.
   */
  constructor(name: string, tabId: string, watched: () => { key: string; revision: number } | undefined, onNewer: () => void) {
    this.#name = name;
    this.#tabId = tabId;
    this.#watched = watched;
    this.#onNewer = onNewer;
  }

  /** Listens anew (a channel opened earlier is closed); nothing where the browser has no BroadcastChannel. */
  open(): void {
    this.#channel?.close();
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(`studio-editor/${this.#name}`);
    channel.onmessage = (event: MessageEvent<SavedMessage>) => this.#heard(event.data);
    this.#channel = channel;
  }

  /** Tells the other tabs that this one saved `revision` of the draft `key`. */
  saved(key: string, revision: number): void {
    const message: SavedMessage = { type: 'saved', key, revision, tabId: this.#tabId };
    this.#channel?.postMessage(message);
  }

  close(): void {
    this.#channel?.close();
  }

  #heard(message: SavedMessage): void {
    const watched = this.#watched();
    if (watched === undefined || message?.type !== 'saved' || message.tabId === this.#tabId || message.key !== watched.key) return;
    if (message.revision > watched.revision) this.#onNewer();
  }
}
