import { useEffect, useRef } from 'react';

/** docs/spec-content.md §4, §9: the next page loads once 10 % of the end sentinel is visible. */
export const SENTINEL_THRESHOLD = 0.1;

interface Props {
  /** Observe only while another page may be loaded (not while one loads, not after the last). */
  active: boolean;
  onVisible: () => void;
  /** How many items are shown: observing again after each page makes a still-visible sentinel fire again. */
  itemCount: number;
}

/** An empty marker after the last card that asks for the next page when it scrolls into view. */
export function EndSentinel({ active, onVisible, itemCount }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;

  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { threshold: SENTINEL_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, itemCount]);

  return <div ref={ref} className="end-sentinel" data-testid="end-sentinel" aria-hidden="true" />;
}
