import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the viewport a deferred section starts loading: a little before the reader reaches it. */
export const WHEN_VISIBLE_MARGIN = '300px 0px';

interface Props {
  /**
   * Names the block (`data-section`) for tests that scroll to it, and for the shell's stylesheet, which
   * gives it about the section's height (min-height) so that the page does not jump when it arrives.
   */
  name: string;
  children: ReactNode;
}

/**
 * Renders `children` only once this block comes near the viewport, so that the code and the data of a
 * section below the fold (an article's comments, the newsletter form) are fetched when the reader scrolls
 * toward it, not with the page (docs/benchmarks.md 'Front-end page speed'). Pair it with a React.lazy component.
 * Where there is no IntersectionObserver (component tests), the children show at once; a server render
 * (no window) leaves the block empty, as the browser's first render does, so hydration matches.
 */
export function WhenVisible({ name, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: WHEN_VISIBLE_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref} className="when-visible" data-section={name}>
      {near ? children : null}
    </div>
  );
}
