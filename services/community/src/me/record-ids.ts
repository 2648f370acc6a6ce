import { createHash } from 'node:crypto';

/**
 * The id of an identity's follow or bookmark: a hash of what names it, so a repeated PUT (a double click,
 * a retry, two tabs) meets the record already there instead of adding a second.
 */
export const ownRecordId = (prefix: string, ...parts: string[]): string =>
  `${prefix}_${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32)}`;
