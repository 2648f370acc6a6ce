import type { SynonymTable } from '../synonyms/synonym-table';
import type { QueryTerm } from './analyser';

/**
 * A query cut into runs of words, each run either one word or the longest run that is a spelling in the
 * synonym table ('생성형 AI', '오픈 ai'), with the other spellings it may be matched by. Each run becomes one
 * clause of the query, so 'OpenAI' typed as '오픈AI' (two tokens) matches as one name.
 */
export interface SynonymRun {
  terms: QueryTerm[];
  alternatives: string[];
}

export function synonymRuns(terms: readonly QueryTerm[], table: SynonymTable): SynonymRun[] {
  const runs: SynonymRun[] = [];
  for (let i = 0; i < terms.length;) {
    let found: SynonymRun | undefined;
    if (table.size > 0) {
      for (let length = Math.min(table.longest, terms.length - i); length >= 1 && !found; length -= 1) {
        const run = terms.slice(i, i + length);
        for (const words of spellingsOf(run)) {
          const alternatives = table.alternativesOf(words);
          if (alternatives.length > 0) {
            found = { terms: run, alternatives };
            break;
          }
        }
      }
    }
    found ??= { terms: [terms[i]], alternatives: [] };
    runs.push(found);
    i += found.terms.length;
  }
  return runs;
}

/** The run's words as typed, then with the last word's stems ('엔비디아가' → '엔비디아'). */
function spellingsOf(run: readonly QueryTerm[]): string[][] {
  const before = run.slice(0, -1).map((term) => term.text);
  const last = run[run.length - 1];
  return [...new Set([last.text, ...last.forms])].map((form) => [...before, form]);
}
