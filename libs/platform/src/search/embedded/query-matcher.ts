import { analyseQuery, hangulForms, type QueryTerm } from './analyser';
import type { EngineIndex } from './engine-index';
import { unionOf, type PostingReader } from './postings';
import type { Needles } from './highlighter';
import { synonymRuns } from './synonym-runs';

/**
 * Finds and scores the documents matching a query. Each query word becomes a clause with several ways
 * to match (sources), from exact to loose; a document's clause score is its best source's BM25 score
 * times that source's weight. A clause matched without a typo also earns WITHOUT_TYPO, more than any
 * BM25 score, so documents with fewer mistyped words come first whatever their fields (Meilisearch's
 * `typo` rule before `attribute`): '개발자' ranks '개발자' in a body above '개발사' in a title.
 * Clauses are ANDed; when no document has every word, documents are ranked by how many clauses they match
 * (byTermsMatched). A word, or a run of words, that is a spelling in the index's synonym table is one
 * clause, matched as typed or by any other spelling of its group at WEIGHT.synonym.
 */

interface Source {
  /**
   * All must occur in the document: one term, a compound's parts, or one list made of several terms
   * (the terms holding a word, or sharing a 초성). Undefined when a term is not in the index.
   */
  lists: Array<PostingReader | undefined>;
  weight: number;
  /** A Latin or jamo typo: no WITHOUT_TYPO. */
  typo?: boolean;
  addNeedles(needles: Needles): void;
}

/** Matching documents in ascending document number, with their relevance at the same position. */
export interface Matches {
  nos: number[];
  scores: number[];
}

export interface MatchResult extends Matches {
  needles: Needles;
  /** false when no document matched every term and these match only some. */
  allTermsMatched: boolean;
}

// How much each kind of match is worth relative to an exact word match.
const WEIGHT = {
  surface: 1,
  stem: 0.9,
  compound: 0.8,
  prefix: 0.7,
  bigrams: 0.6,
  oneTypo: 0.6,
  twoTypos: 0.4,
  /** A Hangul word one jamo away ('블록채인' for '블록체인'): one typo, as in a Latin word. */
  jamoTypo: 0.6,
  /** Below an exact match, above a stem: 'NVIDIA' should find '엔비디아' as readily as '엔비디아가'. */
  synonym: 0.85,
};
/** Above any clause's BM25 score (idf ≤ 12 at a million documents, × 2.2 × the field weights ≤ 2.6). */
const WITHOUT_TYPO = 1_000;
const MAX_EXPANSIONS = 20;
const BM25_K1 = 1.2;
const BM25_B = 0.75;

export function matchQuery(index: EngineIndex, terms: readonly QueryTerm[]): MatchResult {
  const needles: Needles = {
    substrings: new Set(),
    hangulWords: new Set(),
    choseong: new Set(),
    terms: new Set(),
  };
  // Every list here is sorted by document number (postings are), so merging and intersecting are linear
  // walks, without a hash lookup per document: at 100,000 articles a common word matches thousands.
  // `share`: this word's part of its run's WITHOUT_TYPO (a spelling of more words than typed shares it).
  const clauseFor = (term: QueryTerm, scale: number, share: number): Matches => {
    let clause: Matches = { nos: [], scores: [] };
    for (const source of sourcesFor(index, term)) {
      const bonus = source.typo ? 0 : WITHOUT_TYPO * share;
      const matched = scoreSource(index, { ...source, weight: source.weight * scale }, bonus);
      if (matched.nos.length > 0) source.addNeedles(needles);
      clause = mergeBest(clause, matched);
    }
    return clause;
  };
  const clauses = synonymRuns(terms, index.synonyms).map(({ terms: run, alternatives }) => {
    let clause = intersect(run.map((term) => clauseFor(term, 1, 1)));
    for (const spelling of alternatives) {
      // No prefix completion for a spelling nobody typed; scaled so a spelling of more words than the
      // run typed does not outscore it by summing more clauses.
      const words = analyseQuery(spelling).map((term) => ({ ...term, isLast: false }));
      const scale = (WEIGHT.synonym * run.length) / words.length;
      const share = run.length / words.length;
      clause = mergeBest(clause, intersect(words.map((word) => clauseFor(word, scale, share))));
    }
    return clause;
  });
  const all = intersect(clauses);
  if (all.nos.length > 0 || clauses.length === 1) return { ...all, needles, allTermsMatched: true };
  return { ...byTermsMatched(clauses), needles, allTermsMatched: false };
}

/**
 * When no document has every term: the documents that have any, those with more of the terms first, then
 * by score. Better than dropping terms from the end (which finds nothing when the first term is the one
 * no article has: '냉장고 블록체인 유통').
 */
export function byTermsMatched(clauses: readonly Matches[]): Matches {
  const found = new Map<number, { count: number; score: number }>();
  for (const clause of clauses) {
    clause.nos.forEach((no, i) => {
      const entry = found.get(no) ?? { count: 0, score: 0 };
      entry.count += 1;
      entry.score += clause.scores[i];
      found.set(no, entry);
    });
  }
  // A term matched outweighs any score: scores are sums of at most MAX_QUERY_TERMS clauses, each below
  // WITHOUT_TYPO plus a BM25 score, far below this per matched term.
  const TERM = 1_000_000;
  const nos = [...found.keys()].sort((a, b) => a - b);
  return { nos, scores: nos.map((no) => found.get(no)!.count * TERM + found.get(no)!.score) };
}

function sourcesFor(index: EngineIndex, term: QueryTerm): Source[] {
  const words = (keys: string[]) => (needles: Needles) => keys.forEach((key) => needles.terms.add(key));
  switch (term.script) {
    case 'hangul': {
      const hangul = (form: string) => (needles: Needles) =>
        ([...form].length >= 2 ? needles.substrings : needles.hangulWords).add(form);
      const sources: Source[] = term.forms.map((form, i) => ({
        lists: [index.terms.get(form)],
        weight: i === 0 ? WEIGHT.surface : WEIGHT.stem,
        addNeedles: hangul(form),
      }));
      const base = term.forms[1] ?? term.forms[0]; // the word without its particle
      // Tried even when the compound is itself indexed: other documents may write it with a space.
      const parts = segment(base, (part) => index.terms.has(part));
      if (parts) {
        sources.push({
          lists: parts.map((part) => index.terms.get(part)),
          weight: WEIGHT.compound,
          addNeedles: (n) => parts.forEach((p) => n.substrings.add(p)),
        });
      }
      // Only terms holding the word inside another one ('생성형인공지능' for '인공지능'): a term that is the
      // word with a particle or ending ('투자했다' for '투자') has it as a stem, so its documents are in the
      // stem's list already, read above at a higher weight.
      const holding =
        [...base].length >= 2
          ? index.hangul.containing(base).filter((t) => !hangulForms(t).includes(base))
          : [];
      if (holding.length > 0) {
        // A term and its stems each hold the word once per occurrence: the most of them, not the sum.
        sources.push({
          lists: [termsUnion(index, holding, 'max')],
          weight: WEIGHT.bigrams,
          addNeedles: (n) => n.substrings.add(base),
        });
      }
      // The word as typed and its stems, each of three syllables or more, one jamo off: '블록채인의' finds
      // '블록체인의' and '블록체인' (whose postings hold every document with 블록체인 and a particle). Not
      // the same word with another particle ('이더리움이' for '이더리움의'): its stem is matched above.
      const typos = [...new Set(term.forms.flatMap((form) => index.hangul.jamoNeighbours(form)))].filter(
        (typo) => !hangulForms(typo).some((form) => term.forms.includes(form)),
      );
      if (typos.length > 0) {
        sources.push({
          lists: [termsUnion(index, typos, 'max')],
          weight: WEIGHT.jamoTypo,
          typo: true,
          addNeedles: (n) => typos.forEach((typo) => n.substrings.add(typo)),
        });
      }
      return sources;
    }
    case 'jamo': {
      const mark = (needles: Needles) => needles.choseong.add(term.text);
      // Different words with the same 초성 each count: their sum.
      const sharing = (choseong: string) => termsUnion(index, index.hangul.withChoseong(choseong), 'sum');
      const sources: Source[] = [{ lists: [sharing(term.text)], weight: WEIGHT.surface, addNeedles: mark }];
      if (term.text.length >= 2) {
        for (const key of index.hangul.choseongCompletions(term.text, MAX_EXPANSIONS)) {
          sources.push({ lists: [sharing(key)], weight: WEIGHT.prefix, addNeedles: mark });
        }
      }
      return sources;
    }
    case 'latin': {
      const sources: Source[] = [
        { lists: [index.terms.get(term.text)], weight: WEIGHT.surface, addNeedles: words([term.text]) },
      ];
      for (const { term: neighbour, distance } of index.latin.typoNeighbours(term.text)) {
        const weight = distance === 1 ? WEIGHT.oneTypo : WEIGHT.twoTypos;
        sources.push({
          lists: [index.terms.get(neighbour)],
          weight,
          typo: true,
          addNeedles: words([neighbour]),
        });
      }
      if (term.isLast && term.text.length >= 3) {
        for (const completion of index.latin.completions(term.text, MAX_EXPANSIONS)) {
          sources.push({
            lists: [index.terms.get(completion)],
            weight: WEIGHT.prefix,
            addNeedles: words([completion]),
          });
        }
      }
      return sources;
    }
    default:
      return [
        { lists: [index.terms.get(term.text)], weight: WEIGHT.surface, addNeedles: words([term.text]) },
      ];
  }
}

/**
 * Splits a compound into the fewest indexed words of two or more syllables ('생성형인공지능' →
 * '생성형' + '인공지능'), using the index's own vocabulary as the dictionary. Null when it cannot split
 * it into at least two parts.
 */
export function segment(word: string, known: (part: string) => boolean): string[] | null {
  const chars = [...word].slice(0, 30);
  if (chars.length < 4) return null;
  const best: Array<string[] | null> = new Array(chars.length + 1).fill(null);
  best[0] = [];
  for (let end = 2; end <= chars.length; end += 1) {
    for (let start = 0; start <= end - 2; start += 1) {
      const before = best[start];
      if (!before || (start === 0 && end === chars.length)) continue;
      const part = chars.slice(start, end).join('');
      if (!known(part)) continue;
      if (!best[end] || before.length + 1 < best[end]!.length) best[end] = [...before, part];
    }
  }
  const parts = best[chars.length];
  return parts && parts.length >= 2 ? parts : null;
}

/** The postings of several terms as one list (undefined when there are none). */
function termsUnion(
  index: EngineIndex,
  terms: readonly string[],
  combine: 'sum' | 'max',
): PostingReader | undefined {
  const lists = terms.map((term) => index.terms.get(term)).filter((list) => list !== undefined);
  if (lists.length === 0) return undefined;
  return unionOf(lists, index.settings.searchable.length, combine, index.capacity, index.unionScratch);
}

/**
 * BM25 per field, weighted by the field's place in the searchable list (first counts most), plus `bonus`
 * (WITHOUT_TYPO's share, or 0 for a typo).
 */
function scoreSource(index: EngineIndex, source: Source, bonus: number): Matches {
  const out: Matches = { nos: [], scores: [] };
  const lists: PostingReader[] = [];
  for (const list of source.lists) {
    if (!list) return out;
    lists.push(list);
  }
  lists.sort((a, b) => a.size - b.size);
  const [shortest, ...others] = lists;
  const fieldCount = index.settings.searchable.length;
  // BM25's length normalisation, K1 · (1 − B + B · length / average), as base + perWord · length.
  const base = BM25_K1 * (1 - BM25_B);
  const perWord = Array.from(
    { length: fieldCount },
    (_, f) => (BM25_K1 * BM25_B) / (index.averageLength(f) || 1),
  );
  const lengths = index.fieldLengths;
  const counts = new Array<number>(fieldCount);
  const cursors = others.map(() => 0);
  for (let i = 0; i < shortest.size; i += 1) {
    const no = shortest.docAt(i);
    for (let f = 0; f < fieldCount; f += 1) counts[f] = shortest.countAt(i, f);
    // A compound's parts: each field counts by its rarest part. All lists are sorted by document number,
    // so each is walked once, in step with the shortest.
    let all = true;
    for (let o = 0; o < others.length && all; o += 1) {
      const other = others[o];
      const at = (cursors[o] = other.seek(no, cursors[o]));
      if (at >= other.size || other.docAt(at) !== no) all = false;
      else for (let f = 0; f < fieldCount; f += 1) counts[f] = Math.min(counts[f], other.countAt(at, f));
    }
    if (!all) continue;
    let raw = 0;
    for (let f = 0; f < fieldCount; f += 1) {
      const tf = counts[f];
      if (tf === 0) continue;
      raw += (tf * (BM25_K1 + 1)) / (tf + base + perWord[f] * lengths[f][no]) / (f + 1);
    }
    out.nos.push(no);
    out.scores.push(raw);
  }
  const matched = out.nos.length;
  const idf = Math.log(1 + (index.size - matched + 0.5) / (matched + 0.5));
  // The parts may each occur in different fields, leaving no field with all of them: still a match.
  for (let i = 0; i < matched; i += 1)
    out.scores[i] = bonus + source.weight * idf * Math.max(out.scores[i], 0.1);
  return out;
}

/** Documents in either list; one in both keeps its better score (a word's best way of matching). */
export function mergeBest(a: Matches, b: Matches): Matches {
  if (a.nos.length === 0) return b;
  if (b.nos.length === 0) return a;
  const out: Matches = { nos: [], scores: [] };
  let i = 0;
  let j = 0;
  while (i < a.nos.length || j < b.nos.length) {
    const left = i < a.nos.length ? a.nos[i] : Infinity;
    const right = j < b.nos.length ? b.nos[j] : Infinity;
    if (left < right) {
      out.nos.push(left);
      out.scores.push(a.scores[i++]);
    } else if (right < left) {
      out.nos.push(right);
      out.scores.push(b.scores[j++]);
    } else {
      out.nos.push(left);
      out.scores.push(Math.max(a.scores[i++], b.scores[j++]));
    }
  }
  return out;
}

/** Documents in every list, scored by the sum of their scores (every query word must match). */
export function intersect(clauses: readonly Matches[]): Matches {
  const [smallest, ...rest] = [...clauses].sort((a, b) => a.nos.length - b.nos.length);
  const out: Matches = { nos: [], scores: [] };
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
      out.nos.push(no);
      out.scores.push(total);
    }
  }
  return out;
}
