import { useEffect, useState } from 'react';

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
  if (typeof window === 'undefined') return false;
  return isCompactNav(window.innerWidth, navigator.maxTouchPoints ?? 0, navigator.userAgent);
}

/** Whether the header shows the toggle menu; follows resizes and rotations. */
export function useCompactNav(): boolean {
  const [compact, setCompact] = useState(detect);
  useEffect(() => {
    const update = () => setCompact(detect());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return compact;
}

/** docs/spec-content.md §9: the header shadow gets stronger past 10 px of scroll. */
export const SHADOW_SCROLL_PX = 10;

export function useScrolledPast(offsetPx: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > offsetPx);
  useEffect(() => {
    const update = () => setPast(window.scrollY > offsetPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offsetPx]);
  return past;
}
