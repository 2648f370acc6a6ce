import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * The collapsed menu's open state (docs/spec-content.md §2, §4): page scrolling is locked while it is open, and it
 * closes on a click outside `container`, on Escape (focus returns to the toggle), and on navigation.
 */
export function useMenu(
  enabled: boolean,
  container: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
) {
  const [open, setOpen] = useState(false);
  const isOpen = enabled && open;
  const close = useCallback(() => setOpen(false), []);
  const { pathname, search } = useLocation();

  useEffect(close, [pathname, search, enabled, close]);

  useEffect(() => {
    if (!isOpen) return;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    const onPointer = (event: Event) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('click', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      body.style.overflow = previous;
      document.removeEventListener('click', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen, container, toggle]);

  return { open: isOpen, setOpen, close };
}
