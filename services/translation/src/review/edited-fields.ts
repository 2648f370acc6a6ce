import type { EditHeldBody } from '@pulse/contracts';
import { auditExcerpt } from '@pulse/platform';
import type { TranslationOutput } from '../output/translation-output.schema';

/**
 * An editor's change to a held output for the audit log: each field the edit named whose value moved,
 * before and after, long text cut short. Null when the edit moved nothing.
 */
export function editedFields(
  changes: EditHeldBody,
  before: TranslationOutput | null,
  after: TranslationOutput,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const field of Object.keys(changes) as (keyof EditHeldBody & keyof TranslationOutput)[]) {
    const [old, now] = [auditExcerpt(before?.[field]), auditExcerpt(after[field])];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    was[field] = old;
    is[field] = now;
  }
  return Object.keys(is).length ? { before: was, after: is } : null;
}
