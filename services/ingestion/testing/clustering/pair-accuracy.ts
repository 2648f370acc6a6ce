/**
 * Pairwise evaluation of a clustering against labels: every unordered pair of items is either the
 * same story or not, and judged so or not. Pair counts (rather than per-cluster scores) are what the
 * issue asks for and punish both wrong joins and missed joins.
 */
export interface PairAccuracy {
  pairs: number;
  /** Pairs labelled the same story. */
  sameStoryPairs: number;
  differentStoryPairs: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** Of the pairs judged the same story, the share that are: TP / (TP + FP). */
  precision: number;
  /** Of the same-story pairs, the share judged so: TP / (TP + FN). */
  recall: number;
  /** Share of all pairs judged correctly: (TP + TN) / pairs. */
  accuracy: number;
  /** Each wrongly judged pair (indexes into the input), for a readable failure. */
  mistakes: Array<{ a: number; b: number; labelledSame: boolean }>;
}

export function pairAccuracy<T>(
  items: readonly T[],
  labelOf: (item: T) => string,
  judgedSame: (a: T, b: T) => boolean,
): PairAccuracy {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  const mistakes: PairAccuracy['mistakes'] = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const same = labelOf(items[i]) === labelOf(items[j]);
      const judged = judgedSame(items[i], items[j]);
      if (same && judged) tp++;
      else if (!same && judged) fp++;
      else if (same && !judged) fn++;
      else tn++;
      if (same !== judged) mistakes.push({ a: i, b: j, labelledSame: same });
    }
  }
  const pairs = tp + fp + fn + tn;
  return {
    pairs,
    sameStoryPairs: tp + fn,
    differentStoryPairs: fp + tn,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: tn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    accuracy: pairs === 0 ? 1 : (tp + tn) / pairs,
    mistakes,
  };
}

export function formatPairAccuracy(name: string, r: PairAccuracy): string {
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  return (
    `${name}: ${r.pairs} pairs (${r.sameStoryPairs} same-story, ${r.differentStoryPairs} different-story); ` +
    `correct ${pct(r.accuracy)}; precision ${pct(r.precision)} (${r.falsePositives} wrong joins); ` +
    `recall ${pct(r.recall)} (${r.falseNegatives} missed joins)`
  );
}
