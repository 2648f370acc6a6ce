/** Long enough to tell one wording from another, short enough that a body edit does not fill the audit log. */
const EXCERPT_CHARS = 200;

/** A value as the audit log keeps it: every text, at any depth, cut to EXCERPT_CHARS. */
function excerptOf(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > EXCERPT_CHARS ? `${value.slice(0, EXCERPT_CHARS)}…` : value;
  if (Array.isArray(value)) return value.map(excerptOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, excerptOf(inner)]));
  return value ?? null;
}

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
    Object.fromEntries(fields.map((field) => [field, excerptOf((item as Record<string, unknown>)[field])]));
  return { before: pick(before), after: pick(after) };
}
