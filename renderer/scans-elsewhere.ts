/**
 * A scan made while the till shows another screen than selling (the Stock screen's delivery, say):
 * main.tsx takes the burst out of the field it landed in, as on every screen, and hands the code
 * on as this window event, for a screen that wants scans to pick up.
 */
import { useEffect } from 'preact/hooks';

export const SCAN_ELSEWHERE = 'tillbase-scan';

export function announceScan(code: string): void {
  window.dispatchEvent(new CustomEvent<string>(SCAN_ELSEWHERE, { detail: code }));
}

/** Calls `onScan` with each code scanned while the calling screen is shown. */
export function useScans(onScan: (code: string) => void): void {
  useEffect(() => {
    const listener = (event: Event): void => {
      if (event instanceof CustomEvent && typeof event.detail === 'string') onScan(event.detail);
    };
    window.addEventListener(SCAN_ELSEWHERE, listener);
    return () => {
      window.removeEventListener(SCAN_ELSEWHERE, listener);
    };
  }, [onScan]);
}
