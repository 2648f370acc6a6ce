import { base32Decode, base32Encode, hotp, matchingTotpStep, totpAt, totpStepAt } from './totp';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string '12345678901234567890', 8 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(RFC_VECTORS)('gives the RFC 6238 code at T=%i', (seconds, code) => {
    expect(totpAt(RFC_SECRET, seconds * 1000, 8)).toBe(code);
    // Six digits are the same number modulo 10^6.
    expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
  });

  it('gives the RFC 4226 HOTP values', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    expect([0, 1, 2, 9].map((counter) => hotp(key, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  it('accepts one step either side of now and no further', () => {
    const now = 1_700_000_000_000;
    const step = totpStepAt(now);
    const at = (offsetSteps: number) => totpAt(RFC_SECRET, now + offsetSteps * 30_000);
    expect(matchingTotpStep(RFC_SECRET, at(0), now)).toBe(step);
    expect(matchingTotpStep(RFC_SECRET, at(-1), now)).toBe(step - 1);
    expect(matchingTotpStep(RFC_SECRET, at(1), now)).toBe(step + 1);
    expect(matchingTotpStep(RFC_SECRET, at(-2), now)).toBeUndefined();
    expect(matchingTotpStep(RFC_SECRET, at(2), now)).toBeUndefined();
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });
});
