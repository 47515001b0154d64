/**
 * The one store of the till's state: a plain object replaced on every change, read by components
 * through `useStore`. Everything that came from the server is kept as the server answered it.
 */
import { useEffect, useReducer, useRef } from 'preact/hooks';

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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The same value, or arrays or plain objects whose entries are each the same (Object.is): a
 * selector that builds `{ busy, order }` afresh on every call still selects the same part.
 */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}

/**
 * The part of the state `select` picks. The component renders again only when that part changed
 * (by `shallowEqual`): a till has some thirty subscribers, and a keystroke in one field must not
 * render the cart, the payment dialog and the drawer screen again.
 */
export function useStore<State extends object, Part>(store: Store<State>, select: (state: State) => Part): Part {
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  const selected = select(store.get());
  // The listener reads the latest selector and part: a selector may close over the component's props.
  const latest = useRef({ select, selected });
  latest.current = { select, selected };
  useEffect(() => {
    const onChange = () => {
      const { select: current, selected: shown } = latest.current;
      if (!shallowEqual(current(store.get()), shown)) renderAgain(undefined);
    };
    const unsubscribe = store.subscribe(onChange);
    // A change between this render and the subscription would otherwise go unseen.
    onChange();
    return unsubscribe;
  }, [store]);
  return selected;
}
