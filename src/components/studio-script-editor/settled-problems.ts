// When a section's placeholder problems show: at once for a text that comes from outside (a load, an undo), and
// for a text being typed once the typing pauses (`SETTLE_MS`) or the field is left, so that "{{ is not closed"
// does not flash and speak at every keystroke while a slot is being written. Problems that appear after typing
// are announced (`alert`); those already there on load are not.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How long typing pauses before its problems show, ms. */
export const SETTLE_MS = 700;

export class SettledProblems implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  /** Sections being typed in: their timer until the problems of the typed text show. */
  readonly #typing = new Map<string, ReturnType<typeof setTimeout>>();
  /** Sections typed in since the element connected: their problems are announced. */
  readonly #typed = new Set<string>();
  /** What each section shows now, kept while it is typed in. */
  readonly #shown = new Map<string, readonly string[]>();

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The user typed in section `id`: its problems wait for a pause. */
  typed(id: string): void {
    this.#typed.add(id);
    clearTimeout(this.#typing.get(id));
    this.#typing.set(id, setTimeout(() => this.settle(id), SETTLE_MS));
  }

  /** The field of section `id` was left (or typing paused): its problems show now. */
  settle(id: string): void {
    if (!this.#typing.has(id)) return;
    clearTimeout(this.#typing.get(id));
    this.#typing.delete(id);
    this.#host.requestUpdate();
  }

  /**
   * What section `id` shows, given the problems of its text now (`words`): those while it is typed in, the ones it
   * showed before; `alert` when problems that appear are to be announced (it was typed in).
   */
  shown(id: string, words: readonly string[]): { readonly words: readonly string[]; readonly alert: boolean } {
    if (this.#typing.has(id)) return { words: this.#shown.get(id) ?? [], alert: true };
    this.#shown.set(id, words);
    return { words, alert: this.#typed.has(id) };
  }

  /** Forgets the sections that are gone. */
  keep(ids: ReadonlySet<string>): void {
    for (const id of this.#shown.keys()) if (!ids.has(id)) this.#shown.delete(id);
  }

  hostDisconnected(): void {
    for (const timer of this.#typing.values()) clearTimeout(timer);
    this.#typing.clear();
  }
}
