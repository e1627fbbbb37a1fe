/**
 * The page's side of autosave: `pagehide` (the page goes) and `visibilitychange` to hidden (it may go
 * without another word) ask for a save, and while changes are unsaved a `beforeunload` listener asks the
 * browser to confirm leaving. The handlers run the hooks synchronously, before they return: the journal is
 * written there, since an IndexedDB save may not land before unload.
 */

/** What the page's events ask of autosave. */
export interface PageHooks {
  /** The page was hidden (`visibilitychange`): it may be closed without another event. */
  hidden(): void;
  /** The page is going away (`pagehide`). */
  leaving(): void;
  /** The browser is about to ask whether to leave (the confirmation is installed). */
  beforeUnload(): void;
}

export class PageGuard {
  readonly #window: Window | undefined;
  /** Aborted on `dispose`: removes the `pagehide` and `visibilitychange` listeners. */
  readonly #listening = new AbortController();
  #confirming = false;
  readonly #beforeUnload = (event: BeforeUnloadEvent): void => {
    this.#hooks.beforeUnload();
    event.preventDefault();
    event.returnValue = '';
  };
  readonly #hooks: PageHooks;

  /** `win` for `pagehide` and `beforeunload`, `doc` for `visibilitychange`; either may be missing (no DOM). */
  constructor(win: Window | undefined, doc: Document | undefined, hooks: PageHooks) {
    this.#window = win;
    this.#hooks = hooks;
    const { signal } = this.#listening;
    win?.addEventListener('pagehide', () => hooks.leaving(), { signal });
    doc?.addEventListener(
      'visibilitychange',
      () => {
        if (doc.visibilityState === 'hidden') hooks.hidden();
      },
      { signal },
    );
  }

  /** Whether the `beforeunload` confirmation is installed. */
  get confirming(): boolean {
    return this.#confirming;
  }

  /** Installs or removes the `beforeunload` confirmation (one listener at most). */
  confirmLeaving(on: boolean): void {
    const win = this.#window;
    if (win === undefined || on === this.#confirming) return;
    this.#confirming = on;
    if (on) win.addEventListener('beforeunload', this.#beforeUnload);
    else win.removeEventListener('beforeunload', this.#beforeUnload);
  }

  /** Removes every listener. */
  dispose(): void {
    this.confirmLeaving(false);
    this.#listening.abort();
  }
}
