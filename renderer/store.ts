/**
 * The one store of the till's state: a plain object replaced on every change, read by components
 * through `useStore`. Everything that came from the server is kept as the server answered it.
 */
import { useEffect, useState } from 'preact/hooks';

export interface Store<State> {
  get(): State;
  set(change: Partial<State> | ((state: State) => Partial<State>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<State extends object>(initial: State): Store<State> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change) {
      const partial = typeof change === 'function' ? change(state) : change;
      state = { ...state, ...partial };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The part of the state `select` picks, read on every render; the component renders again on every change. */
export function useStore<State extends object, Part>(store: Store<State>, select: (state: State) => Part): Part {
  const [, setVersion] = useState(0);
  useEffect(
    () =>
      store.subscribe(() => {
        setVersion((version) => version + 1);
      }),
    [store],
  );
  return select(store.get());
}
