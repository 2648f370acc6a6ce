import { auditExcerpt } from '@pulse/platform';

/**
 * An edit for the audit log: the named fields (those that changed, from changedFields) as they were and
 * are, long text cut short. Null when no field changed, so an edit that moved nothing records none.
 */
export function editedValues(
  before: object,
  after: object,
  fields: readonly string[],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  if (!fields.length) return null;
  const pick = (item: object) =>
    Object.fromEntries(
      fields.map((field) => [field, auditExcerpt((item as Record<string, unknown>)[field])]),
    );
  return { before: pick(before), after: pick(after) };
}
