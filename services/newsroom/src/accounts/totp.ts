import { createHmac, randomBytes } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps, 6 digits,
 * one step either side accepted for clock drift. Secrets are 20 random bytes, exchanged as base32, which
 * is what authenticator apps read from an otpauth:// URI.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted (phone clocks drift). */
export const TOTP_WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** RFC 4226 HOTP of one counter value, `digits` long with leading zeros. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStepAt = (epochMs: number): number => Math.floor(epochMs / 1000 / TOTP_STEP_SECONDS);

/** The code for a time (what the app shows then). */
export const totpAt = (secret: string, epochMs: number, digits = TOTP_DIGITS): string =>
  hotp(base32Decode(secret), totpStepAt(epochMs), digits);

/**
 * The step a presented code matches within the window around now, or undefined. The caller refuses a
 * step at or before the last one it accepted, so a code seen over a shoulder cannot be used again.
 */
export function matchingTotpStep(secret: string, code: string, epochMs: number): number | undefined {
  const key = base32Decode(secret);
  const now = totpStepAt(epochMs);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++)
    if (hotp(key, step) === code) return step;
  return undefined;
}

export const otpauthUri = (issuer: string, account: string, secret: string): string =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
