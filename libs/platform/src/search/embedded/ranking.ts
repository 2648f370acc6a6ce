/**
 * The first `count` items in `compare` order, as `items.sort(compare).slice(0, count)` gives them, without
 * sorting everything: a page of 12 out of thousands of matches keeps a heap of 12. `compare` must be a
 * total order (the engine's ends with the document number), so the result is the same either way.
 */
export function firstInOrder<T>(items: T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (items.length <= count * 4) return items.sort(compare).slice(0, count);
  // A max-heap on `compare`: its root is the worst item kept so far.
  const heap: T[] = [];
  const above = (i: number, j: number) => compare(heap[i], heap[j]) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && above(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0]) < 0) {
      heap[0] = item;
      for (let i = 0; ;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < heap.length && above(left, worst)) worst = left;
        if (right < heap.length && above(right, worst)) worst = right;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    }
  }
  return heap.sort(compare);
}
