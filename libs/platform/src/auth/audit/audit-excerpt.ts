/** Long enough to tell one wording from another, short enough that a body edit does not fill the audit log. */
export const AUDIT_EXCERPT_CHARS = 200;

/** A value as a before/after of the audit log keeps it: every text, at any depth, cut to AUDIT_EXCERPT_CHARS. */
export function auditExcerpt(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > AUDIT_EXCERPT_CHARS ? `${value.slice(0, AUDIT_EXCERPT_CHARS)}…` : value;
  if (Array.isArray(value)) return value.map(auditExcerpt);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, auditExcerpt(inner)]));
  return value ?? null;
}
