import type { EditHeldBody } from '@pulse/contracts';
import type { TranslationOutput } from '../output/translation-output.schema';

/** Long enough to tell one wording from another, short enough that a body edit does not fill the log. */
const EXCERPT_CHARS = 200;

type Excerpt = string | number | boolean | null | Excerpt[];

function excerptOf(value: unknown): Excerpt {
  if (typeof value === 'string')
    return value.length > EXCERPT_CHARS ? `${value.slice(0, EXCERPT_CHARS)}…` : value;
  if (Array.isArray(value)) return value.map(excerptOf);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/**
 * An editor's change to a held output for the audit log: each field the edit named whose value moved,
 * before and after, long text cut short. Null when the edit moved nothing.
 */
export function editedFields(
  changes: EditHeldBody,
  before: TranslationOutput | null,
  after: TranslationOutput,
): { before: Record<string, Excerpt>; after: Record<string, Excerpt> } | null {
  const was: Record<string, Excerpt> = {};
  const is: Record<string, Excerpt> = {};
  for (const field of Object.keys(changes) as (keyof EditHeldBody & keyof TranslationOutput)[]) {
    const [old, now] = [excerptOf(before?.[field]), excerptOf(after[field])];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    was[field] = old;
    is[field] = now;
  }
  return Object.keys(is).length ? { before: was, after: is } : null;
}
