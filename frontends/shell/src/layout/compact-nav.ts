import { useEffect, useState, useSyncExternalStore } from 'react';

/** docs/spec-content.md §9: the navigation collapses under 768 px. */
export const MOBILE_BREAKPOINT_PX = 768;

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Windows Phone/i;

/**
 * docs/spec-content.md §2 'Header': collapse under 768 px, or on a touch device with a mobile user agent (a tablet in
 * landscape is wider than 768 px but still wants the thumb-sized menu).
 */
export function isCompactNav(width: number, maxTouchPoints: number, userAgent: string): boolean {
  return width < MOBILE_BREAKPOINT_PX || (maxTouchPoints > 0 && MOBILE_UA.test(userAgent));
}

function detect(): boolean {
  return isCompactNav(window.innerWidth, navigator.maxTouchPoints ?? 0, navigator.userAgent);
}

function onResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/**
 * Whether the header shows the toggle menu; follows resizes and rotations. Null while the width is unknown:
 * on the server and during hydration, which must render what the server did (the stylesheet then lays the
 * header out by width alone, so the header does not move when the measured value arrives).
 */
export function useCompactNav(): boolean | null {
  return useSyncExternalStore(onResize, detect, () => null);
}

/** docs/spec-content.md §9: the header shadow gets stronger past 10 px of scroll. */
export const SHADOW_SCROLL_PX = 10;

export function useScrolledPast(offsetPx: number): boolean {
  // False until the effect measures: the first render must match the server's (hydration).
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > offsetPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offsetPx]);
  return past;
}
