/**
 * How often the till asks the server about the sync, and a way for the Sync screen to make the bar
 * and the badges ask at once after it changed something (a connect, a retry).
 */
import { useEffect, useRef } from 'preact/hooks';

/** Every 15 s by default: the server learns of a lost link at its next push or pull, so asking more often shows nothing sooner. */
const DEFAULT_POLL_SECONDS = 15;
const CHANGED = 'tillbase-sync-changed';

/** `/app/?sync-poll=SECONDS` sets another interval (the tests use 1 s). */
export function syncPollMs(): number {
  const asked = Number(new URLSearchParams(window.location.search).get('sync-poll'));
  return (Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_POLL_SECONDS) * 1000;
}

export function announceSyncChanged(): void {
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `ask` now, every interval and whenever the sync is announced changed, while the component is shown; `key` restarts it. */
export function useSyncPolling(ask: () => void, key: string): void {
  // The latest `ask`, so that the timer needs no restart at each render.
  const latest = useRef(ask);
  latest.current = ask;
  useEffect(() => {
    const run = (): void => {
      latest.current();
    };
    run();
    const timer = window.setInterval(run, syncPollMs());
    window.addEventListener(CHANGED, run);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(CHANGED, run);
    };
  }, [key]);
}
