/** A page number or a gap ('…') in a pagination bar. */
export type PageItem = number | 'gap';

/**
 * The page numbers to show: the first, the last, and `radius` pages either side of the current one, with
 * a gap where numbers are skipped (1 … 4 5 [6] 7 8 … 20).
 */
export function pageWindow(current: number, total: number, radius = 2): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const pages = new Set<number>([1, total]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}

/** A page number read from the URL: a positive integer, else 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
