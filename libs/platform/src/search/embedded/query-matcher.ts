import { analyseQuery, hangulForms, MAX_QUERY_TERMS, type QueryTerm } from './analyser';
import type { EngineIndex } from './engine-index';
import type { Needles } from './highlighter';
import { byTermsMatched, intersect, mergeBest, NO_MATCHES, type Matches, type Scope } from './matches';
import { PostingSlice, type PostingReader } from './postings';
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
 *
 * Only documents that pass the query's filters are scored, and the clauses are matched rarest first, each
 * in the documents the ones before matched (matches.ts, Scope). A score does not depend on that order:
 * a source's idf counts every document it matches, scored or not.
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

/**
 * `accept`: the query's filters as a test of a document number (undefined: none). Every document
 * returned passes it.
 */
export function matchQuery(
  index: EngineIndex,
  terms: readonly QueryTerm[],
  accept?: (no: number) => boolean,
): MatchResult {
  const needles: Needles = {
    substrings: new Set(),
    hangulWords: new Set(),
    choseong: new Set(),
    terms: new Set(),
  };
  const scratch = index.queryScratch;
  const narrow = (scope: Scope, nos: Int32Array, depth: number) =>
    scratch.narrow(scope, nos, depth, index.capacity);
  // A word's clause, once per scope: a synonym group's spellings often share a word ('생성형 AI',
  // '생성형 인공지능'), and the same scope gives the same answer.
  const memo = new Map<string, Matches>();
  // A word's ways of matching, once per query: the unions they read are the costliest part to build.
  const sourceMemo = new Map<string, Source[]>();
  const sourcesOf = (term: QueryTerm): Source[] => {
    const key = `${term.text}\u0000${term.isLast}`;
    let sources = sourceMemo.get(key);
    if (!sources) sourceMemo.set(key, (sources = sourcesFor(index, term)));
    return sources;
  };
  // How many documents a word may match (each source's shortest list): rarest words are matched first.
  const sizeOf = (term: QueryTerm): number => {
    let total = 0;
    for (const { lists } of sourcesOf(term))
      total += lists.reduce((least, list) => Math.min(least, list?.size ?? 0), Infinity);
    return total;
  };
  // `share`: this word's part of its run's WITHOUT_TYPO (a spelling of more words than typed shares it).
  const clauseFor = (term: QueryTerm, scale: number, share: number, scope: Scope): Matches => {
    const key = [term.text, term.isLast, scale, share, scope.candidates?.stamp ?? 0].join('\u0000');
    const known = memo.get(key);
    if (known) return known;
    let clause = NO_MATCHES;
    for (const source of sourcesOf(term)) {
      const bonus = source.typo ? 0 : WITHOUT_TYPO * share;
      const matched = scoreSource(index, { ...source, weight: source.weight * scale }, bonus, scope);
      if (matched.nos.length > 0) source.addNeedles(needles);
      clause = mergeBest(clause, matched);
    }
    memo.set(key, clause);
    return clause;
  };
  // Words that must all match, rarest first, each scored only where the ones before matched.
  const allWords = (words: readonly QueryTerm[], scale: number, share: number, scope: Scope): Matches => {
    let found: Matches | undefined;
    for (const word of [...words].sort((a, b) => sizeOf(a) - sizeOf(b))) {
      const within = found ? narrow(scope, found.nos, 1) : scope;
      const clause = clauseFor(word, scale, share, within);
      found = found ? intersect([found, clause]) : clause;
      if (found.nos.length === 0) break;
    }
    return found ?? NO_MATCHES;
  };
  const runs = synonymRuns(terms, index.synonyms).map(({ terms: run, alternatives }) => {
    const spellings = alternatives.map((spelling) => {
      // No prefix completion for a spelling nobody typed; scaled so a spelling of more words than the
      // run typed does not outscore it by summing more clauses.
      const words = analyseQuery(spelling).map((term) => ({ ...term, isLast: false }));
      return { words, scale: (WEIGHT.synonym * run.length) / words.length, share: run.length / words.length };
    });
    const match = (scope: Scope): Matches => {
      let clause = allWords(run, 1, 1, scope);
      for (const { words, scale, share } of spellings)
        clause = mergeBest(clause, allWords(words, scale, share, scope));
      return clause;
    };
    const words = [...run, ...spellings.flatMap(({ words: spelled }) => spelled)];
    return { match, size: words.reduce((total, word) => total + sizeOf(word), 0) };
  });
  const everything = scratch.scope(index.capacity, accept);
  const order = runs.map((_, i) => i).sort((a, b) => runs[a].size - runs[b].size);
  let found: Matches | undefined;
  const inFull: Array<Matches | undefined> = [];
  for (const i of order) {
    const clause = runs[i].match(found ? narrow(everything, found.nos, 0) : everything);
    if (!found) inFull[i] = clause;
    found = found ? intersect([found, clause]) : clause;
    if (found.nos.length === 0) break;
  }
  if (found!.nos.length > 0 || runs.length === 1) return { ...found!, needles, allTermsMatched: true };
  // No document has every word: each clause in full (not only where the others matched), to count them.
  const clauses = runs.map((run, i) => inFull[i] ?? run.match(everything));
  return { ...byTermsMatched(clauses, TERM_MATCHED), needles, allTermsMatched: false };
}

/** A term matched outweighs any score: scores are sums of clauses, each below WITHOUT_TYPO plus BM25. */
const TERM_MATCHED = 10 * MAX_QUERY_TERMS * WITHOUT_TYPO;

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
  return index.union.of(lists, index.settings.searchable.length, combine, index.capacity);
}

/**
 * BM25 per field, weighted by the field's place in the searchable list (first counts most), plus `bonus`
 * (WITHOUT_TYPO's share, or 0 for a typo), for the documents of `scope` only.
 */
function scoreSource(index: EngineIndex, source: Source, bonus: number, scope: Scope): Matches {
  const lists: PostingReader[] = [];
  for (const list of source.lists) {
    if (!list) return NO_MATCHES;
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
  const counts = new Array<number>(fieldCount).fill(0);
  const candidates = scope.candidates;
  const room = candidates ? Math.min(candidates.nos.length, shortest.size) : shortest.size;
  const nos = new Int32Array(room);
  const scores = new Float64Array(room);
  let k = 0;
  const keep = (no: number): void => {
    let raw = 0;
    for (let f = 0; f < fieldCount; f += 1) {
      const tf = counts[f];
      if (tf === 0) continue;
      raw += (tf * (BM25_K1 + 1)) / (tf + base + perWord[f] * lengths[f][no]) / (f + 1);
    }
    nos[k] = no;
    // The parts may each occur in different fields, leaving no field with all of them: still a match.
    scores[k++] = Math.max(raw, 0.1);
  };
  const inScope = (no: number) =>
    (!candidates || candidates.stamps[no] === candidates.stamp) && scope.passes(no);
  let matched: number;
  if (others.length === 0) {
    // One list: every document in it matches, so its size is the idf's count whatever is scored.
    matched = shortest.size;
    if (candidates && candidates.nos.length * 16 < shortest.size) {
      // Few candidates: each looked up in the long list rather than the list walked.
      for (let c = 0, at = 0; c < candidates.nos.length && at < shortest.size; c += 1) {
        const no = candidates.nos[c];
        at = shortest.seek(no, at);
        if (at >= shortest.size || shortest.docAt(at) !== no || !scope.passes(no)) continue;
        for (let f = 0; f < fieldCount; f += 1) counts[f] = shortest.countAt(at, f);
        keep(no);
      }
    } else if (shortest instanceof PostingSlice) {
      // The common case (a sealed term or a union), read from its arrays without a call per posting.
      const { docs, counts: perField, start } = shortest;
      for (let i = start; i < start + shortest.size; i += 1) {
        const no = docs[i];
        if (!inScope(no)) continue;
        for (let f = 0; f < fieldCount; f += 1) counts[f] = perField[i * fieldCount + f];
        keep(no);
      }
    } else {
      for (let i = 0; i < shortest.size; i += 1) {
        const no = shortest.docAt(i);
        if (!inScope(no)) continue;
        for (let f = 0; f < fieldCount; f += 1) counts[f] = shortest.countAt(i, f);
        keep(no);
      }
    }
  } else {
    // A compound's parts: each field counts by its rarest part. All lists are sorted by document number,
    // so each is walked once, in step with the shortest; every document in all of them counts for the idf.
    matched = 0;
    const cursors = others.map(() => 0);
    for (let i = 0; i < shortest.size; i += 1) {
      const no = shortest.docAt(i);
      let all = true;
      for (let o = 0; o < others.length && all; o += 1) {
        const at = (cursors[o] = others[o].seek(no, cursors[o]));
        all = at < others[o].size && others[o].docAt(at) === no;
      }
      if (!all) continue;
      matched += 1;
      if (!inScope(no)) continue;
      for (let f = 0; f < fieldCount; f += 1) counts[f] = shortest.countAt(i, f);
      for (let o = 0; o < others.length; o += 1)
        for (let f = 0; f < fieldCount; f += 1)
          counts[f] = Math.min(counts[f], others[o].countAt(cursors[o], f));
      keep(no);
    }
  }
  const idf = Math.log(1 + (index.size - matched + 0.5) / (matched + 0.5));
  const weight = source.weight * idf;
  for (let i = 0; i < k; i += 1) scores[i] = bonus + weight * scores[i];
  return { nos: nos.subarray(0, k), scores: scores.subarray(0, k) };
}
