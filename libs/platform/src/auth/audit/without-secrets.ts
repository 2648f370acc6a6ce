/** Field names whose values are never stored in an audit record: passwords, tokens, second factors. */
const SECRET_FIELD = /pass(word|phrase)?|token|totp|secret|otpauth|cookie|authorization/i;

export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name);

/** Deeper than this a record keeps no more detail; before/after views are shallow anyway. */
const MAX_DEPTH = 8;

/** `value` as JSON-like data with every secret-named field left out, at any depth. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (!isSecretField(key) && field !== undefined) kept[key] = withoutSecrets(field, depth + 1);
  }
  return kept;
}
