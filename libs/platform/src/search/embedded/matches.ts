/**
 * Matching documents as sorted typed arrays, and the scope a clause is scored in. Every list here is sorted
 * by document number (postings are), so merging and intersecting are linear walks without a hash lookup
 * per document: at 100,000 articles a common word matches thousands.
 */

/** Matching documents in ascending document number, with their relevance at the same position. */
export interface Matches {
  nos: Int32Array;
  scores: Float64Array;
}

export const NO_MATCHES: Matches = { nos: new Int32Array(0), scores: new Float64Array(0) };

/**
 * The documents a clause is still scored for: those passing the query's filters and, once another clause
 * has been matched, only the documents it matched (`candidates`, stamped so a check is one read). Scoring
 * only these is what keeps a query with one rare and one common word cheap: 'OpenAI 투자' scores '투자'
 * in the few thousand OpenAI documents, not in the three quarters of the corpus that hold it.
 */
export interface Scope {
  passes(no: number): boolean;
  candidates?: { nos: Int32Array; stamps: Uint32Array; stamp: number };
}

/**
 * Buffers a query reuses instead of allocating per document (one per index; queries run one at a time):
 * the filter's answers per document and the candidate stamps per nesting depth.
 */
export class QueryScratch {
  private filterAnswers = new Uint8Array(0);
  private readonly stampsByDepth: Uint32Array[] = [];
  private stamp = 0;

  /** The filter as a test that asks `accept` at most once per document in this query. */
  scope(capacity: number, accept: ((no: number) => boolean) | undefined): Scope {
    if (!accept) return { passes: () => true };
    if (this.filterAnswers.length < capacity) this.filterAnswers = new Uint8Array(capacity);
    else this.filterAnswers.fill(0, 0, capacity);
    const answers = this.filterAnswers;
    return {
      passes: (no) => {
        let answer = answers[no];
        if (answer === 0) answers[no] = answer = accept(no) ? 1 : 2;
        return answer === 1;
      },
    };
  }

  /** `scope` restricted to `nos` (a subset of its candidates); depth: how deep this narrowing nests. */
  narrow(scope: Scope, nos: Int32Array, depth: number, capacity: number): Scope {
    let stamps = this.stampsByDepth[depth];
    if (!stamps || stamps.length < capacity) {
      const grown = new Uint32Array(Math.max(capacity, 1024));
      if (stamps) grown.set(stamps);
      this.stampsByDepth[depth] = stamps = grown;
    }
    const stamp = (this.stamp = (this.stamp + 1) >>> 0 || 1);
    for (let i = 0; i < nos.length; i += 1) stamps[nos[i]] = stamp;
    return { passes: scope.passes, candidates: { nos, stamps, stamp } };
  }
}

/** Documents in either list; one in both keeps its better score (a word's best way of matching). */
export function mergeBest(a: Matches, b: Matches): Matches {
  if (a.nos.length === 0) return b;
  if (b.nos.length === 0) return a;
  const nos = new Int32Array(a.nos.length + b.nos.length);
  const scores = new Float64Array(nos.length);
  let [i, j, k] = [0, 0, 0];
  while (i < a.nos.length && j < b.nos.length) {
    const [left, right] = [a.nos[i], b.nos[j]];
    if (left < right) {
      nos[k] = left;
      scores[k++] = a.scores[i++];
    } else if (right < left) {
      nos[k] = right;
      scores[k++] = b.scores[j++];
    } else {
      nos[k] = left;
      scores[k++] = Math.max(a.scores[i++], b.scores[j++]);
    }
  }
  for (; i < a.nos.length; i += 1, k += 1) [nos[k], scores[k]] = [a.nos[i], a.scores[i]];
  for (; j < b.nos.length; j += 1, k += 1) [nos[k], scores[k]] = [b.nos[j], b.scores[j]];
  return { nos: nos.subarray(0, k), scores: scores.subarray(0, k) };
}

/** Documents in every list, scored by the sum of their scores (every query word must match). */
export function intersect(clauses: readonly Matches[]): Matches {
  if (clauses.length === 1) return clauses[0];
  const [smallest, ...rest] = [...clauses].sort((a, b) => a.nos.length - b.nos.length);
  const nos = new Int32Array(smallest.nos.length);
  const scores = new Float64Array(nos.length);
  let k = 0;
  const cursors = rest.map(() => 0);
  for (let i = 0; i < smallest.nos.length; i += 1) {
    const no = smallest.nos[i];
    let total = smallest.scores[i];
    let all = true;
    for (let r = 0; r < rest.length && all; r += 1) {
      const other = rest[r];
      let at = cursors[r];
      while (at < other.nos.length && other.nos[at] < no) at += 1;
      cursors[r] = at;
      if (at < other.nos.length && other.nos[at] === no) total += other.scores[at];
      else all = false;
    }
    if (all) {
      nos[k] = no;
      scores[k++] = total;
    }
  }
  return { nos: nos.subarray(0, k), scores: scores.subarray(0, k) };
}

/**
 * When no document has every term: the documents that have any, those with more of the terms first, then
 * by score (each clause adds `termWeight` and its score). Better than dropping terms from the end (which
 * finds nothing when the first term is the one no article has: '냉장고 블록체인 유통').
 */
export function byTermsMatched(clauses: readonly Matches[], termWeight: number): Matches {
  let found = NO_MATCHES;
  for (const clause of clauses) {
    const counted = { nos: clause.nos, scores: clause.scores.map((score) => termWeight + score) };
    found = mergeSum(found, counted);
  }
  return found;
}

/** Documents in either list; one in both has the sum of its scores. */
function mergeSum(a: Matches, b: Matches): Matches {
  if (a.nos.length === 0) return b;
  if (b.nos.length === 0) return a;
  const nos = new Int32Array(a.nos.length + b.nos.length);
  const scores = new Float64Array(nos.length);
  let [i, j, k] = [0, 0, 0];
  while (i < a.nos.length || j < b.nos.length) {
    const left = i < a.nos.length ? a.nos[i] : Infinity;
    const right = j < b.nos.length ? b.nos[j] : Infinity;
    nos[k] = Math.min(left, right);
    scores[k++] = (left <= right ? a.scores[i++] : 0) + (right <= left ? b.scores[j++] : 0);
  }
  return { nos: nos.subarray(0, k), scores: scores.subarray(0, k) };
}
