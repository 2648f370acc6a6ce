import { useEffect, useRef } from 'react';

/** Calls `callback` every `ms` while `enabled`; the timer is cleared when disabled or unmounted. */
export function useInterval(callback: () => void, ms: number, enabled: boolean): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms, enabled]);
}
