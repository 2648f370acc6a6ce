import { createHmac, timingSafeEqual } from 'node:crypto';

/** The digests a hub may sign a push with (W3C WebSub §8, "Authenticated Content Distribution"). */
const ALGORITHMS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);

/** The X-Hub-Signature value a hub sends for `body` under `secret`. */
export function signBody(body: Buffer, secret: string, algorithm = 'sha256'): string {
  return `${algorithm}=${createHmac(algorithm, secret).update(body).digest('hex')}`;
}

/**
 * Whether `header` ("sha256=<hex>") is the HMAC of exactly these bytes under `secret`. Compared in
 * constant time; an unknown algorithm, a malformed value or a missing header is simply not valid.
 */
export function isValidSignature(header: string | undefined, secret: string, body: Buffer): boolean {
  const match = /^(sha1|sha256|sha384|sha512)=([a-f0-9]{40,128})$/i.exec(header?.trim() ?? '');
  if (!match || !ALGORITHMS.has(match[1].toLowerCase())) return false;
  const expected = createHmac(match[1].toLowerCase(), secret).update(body).digest();
  const given = Buffer.from(match[2], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
