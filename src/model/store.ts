/** A listener gets the new state and the action that produced it. */
export type StoreListener<S, A> = (state: S, action: A) => void;

/**
 * One store per editor: `getState()` returns a frozen snapshot, `dispatch(action)` runs the pure reducer,
 * `subscribe(fn)` returns its own unsubscribe. The object never changes identity.
 */
export interface Store<S, A> {
  getState(): S;
  dispatch(action: A): void;
  subscribe(listener: StoreListener<S, A>): () => void;
}

/** Freezes a plain-data value deeply (objects and arrays; typed arrays are left alone). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

export function createStore<S, A>(reducer: (state: S, action: A) => S, initial: S): Store<S, A> {
  let state = deepFreeze(initial);
  const listeners = new Set<StoreListener<S, A>>();
  let dispatching = false;
  return {
    getState: () => state,
    dispatch(action) {
      if (dispatching) throw new Error('[studio-editor] dispatch() was called from inside the reducer; reducers must be pure.');
      let next: S;
      try {
        dispatching = true;
        next = reducer(state, action);
      } finally {
        dispatching = false;
      }
      if (Object.is(next, state)) return;
      state = deepFreeze(next);
      for (const listener of [...listeners]) listener(state, action);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
