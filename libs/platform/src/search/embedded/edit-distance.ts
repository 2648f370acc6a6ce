/**
 * Typo tolerance for Latin-script terms. The thresholds are Meilisearch's defaults (one typo from 5
 * letters, two from 9), so both adapters forgive the same misspellings.
 */

export const ONE_TYPO_MIN_LENGTH = 5;
export const TWO_TYPOS_MIN_LENGTH = 9;

export function allowedTypos(length: number): number {
  if (length >= TWO_TYPOS_MIN_LENGTH) return 2;
  if (length >= ONE_TYPO_MIN_LENGTH) return 1;
  return 0;
}

/**
 * Levenshtein distance between a and b, or max + 1 as soon as it must exceed max. Stopping early matters:
 * a query term is compared with every vocabulary term of a similar length.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return Math.min(previous[b.length], max + 1);
}
