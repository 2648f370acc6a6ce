import type { Source } from '@pulse/contracts';
import { useEffect, useState } from 'react';

/** docs/spec-content.md §9: a carousel of 6 sources, rotating every 2 s; the live indicator ticks every 30 s. */
export const CAROUSEL_SIZE = 6;
export const CAROUSEL_INTERVAL_MS = 2_000;
export const LIVE_TICK_MS = 30_000;

/** The carousel's sources: the six with the most articles. */
export function carouselSources(sources: Source[]): Source[] {
  return [...sources].sort((a, b) => b.count - a.count).slice(0, CAROUSEL_SIZE);
}

/** The active slide, advancing every interval while not paused (WCAG 2.2.2: moving content can be paused). */
export function useRotation(
  length: number,
  paused: boolean,
  intervalMs = CAROUSEL_INTERVAL_MS,
): [number, (i: number) => void] {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % length), intervalMs);
    return () => clearInterval(timer);
  }, [length, paused, intervalMs]);
  return [length === 0 ? 0 : index % length, setIndex];
}
