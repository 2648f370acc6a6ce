// Not `./glossary.json`: under `node -r @swc-node/register` (every service process), Node resolves the
// extensionless '../glossary/glossary' to a .json beside the .ts before the .ts, so importers got the
// JSON object (GLOSSARY and checkGlossary undefined) and every translation failed. Found by the
// news-pipeline local-stack system test.
import glossaryFile from './glossary-terms.json';

export interface GlossaryTerm {
  en: string;
  /** The form Pulse uses; a parenthesised original, e.g. '(LLM)', is expected on first mention only. */
  ko: string;
  /** Forms that are wrong on Pulse. */
  avoid: string[];
}

export interface GlossaryIssue {
  en: string;
  expected: string;
  found: string;
}

/** The repository's glossary (glossary-terms.json): the one list the prompt and the output check both use. */
export const GLOSSARY: readonly GlossaryTerm[] = glossaryFile.terms;

/**
 * How many distinct wrong terms make an output 'badly' off-glossary and held for review. One or two slips
 * are recorded but published: holding every article for a single variant would starve the site.
 */
export const GLOSSARY_HOLD_THRESHOLD = 3;

/** Every glossary term whose avoided form appears in `text` (plain text, HTML already stripped). */
export function checkGlossary(text: string, glossary: readonly GlossaryTerm[] = GLOSSARY): GlossaryIssue[] {
  const issues: GlossaryIssue[] = [];
  for (const term of glossary) {
    const found = term.avoid.find((form) => text.includes(form));
    if (found) issues.push({ en: term.en, expected: term.ko, found });
  }
  return issues;
}
