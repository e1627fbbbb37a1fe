import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { storeContext } from './contexts.js';
import type { EditorAction, EditorState, EditorStore } from '../model/editor-state.js';

type Host = ReactiveControllerHost & HTMLElement;

/** Equal when every own value is the same object (for selectors that return small records or tuples). */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Connects an element to the editor's store: `value` is `select(state)`, and the element re-renders only
 * when the selected value changes (shallowly). `dispatch` sends an action. Subscribes while connected.
 */
export class StoreController<T> implements ReactiveController {
  readonly #host: Host;
  readonly #select: (state: EditorState) => T;
  readonly #consumer: ContextConsumer<{ __context__: EditorStore }, Host>;
  #store: EditorStore | undefined;
  #off: (() => void) | undefined;
  #value: T | undefined;

  constructor(host: Host, select: (state: EditorState) => T) {
    this.#host = host;
    this.#select = select;
    this.#consumer = new ContextConsumer(host, {
      context: storeContext,
      subscribe: true,
      callback: (store) => this.#attach(store),
    });
    host.addController(this);
  }

  /** The selected value; undefined only before the element is inside an editor. */
  get value(): T | undefined {
    return this.#value;
  }

  get store(): EditorStore | undefined {
    return this.#store ?? this.#consumer.value;
  }

  dispatch(action: EditorAction): void {
    this.store?.dispatch(action);
  }

  hostConnected(): void {
    const store = this.#consumer.value;
    if (store !== undefined && this.#off === undefined) this.#attach(store);
  }

  hostDisconnected(): void {
    this.#off?.();
    this.#off = undefined;
  }

  #attach(store: EditorStore): void {
    this.#off?.();
    this.#store = store;
    this.#value = this.#select(store.getState());
    this.#off = store.subscribe((state) => {
      const next = this.#select(state);
      if (shallowEqual(next, this.#value)) return;
      this.#value = next;
      this.#host.requestUpdate();
    });
    this.#host.requestUpdate();
  }
}
