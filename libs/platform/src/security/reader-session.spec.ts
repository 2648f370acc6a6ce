import { createHmac } from 'node:crypto';
import { ReaderSessionSigner } from './reader-session';

const SECRET = 'a-reader-session-secret-of-32-chars!';
const NOW = Date.parse('2026-03-10T03:00:00.000Z');

describe('ReaderSessionSigner', () => {
  const signer = new ReaderSessionSigner(SECRET);

  it('verifies what it issued, with the issue time inside the signed value', () => {
    const { session, value } = signer.issue(NOW - 3_600_000);
    expect(signer.verify(value, NOW)).toEqual({ ...session, legacy: false });
    expect(session.issuedAtMs).toBe(NOW - 3_600_000);
  });

  it('refuses a forged key, a moved issue time, another secret and a session dated in the future', () => {
    const { value } = signer.issue(NOW);
    const [key, issued, signature] = value.split('.');
    const older = (parseInt(issued, 36) - 86_400).toString(36);
    expect(signer.verify(`${key}.${older}.${signature}`, NOW)).toBeUndefined();
    expect(signer.verify(`${'A'.repeat(43)}.${issued}.${signature}`, NOW)).toBeUndefined();
    expect(new ReaderSessionSigner(`${SECRET}x`).verify(value, NOW)).toBeUndefined();
    expect(signer.verify(signer.issue(NOW + 3_600_000).value, NOW)).toBeUndefined();
    for (const junk of [undefined, '', 'x', 'a.b', 'a.b.c.d', `${key}..${signature}`])
      expect(signer.verify(junk, NOW)).toBeUndefined();
  });

  it('takes the older undated form only when told when the dated form began, as issued no later than that', () => {
    const key = 'k'.repeat(43);
    const legacy = `${key}.${createHmac('sha256', SECRET).update(key).digest('base64url')}`;
    expect(signer.verify(legacy, NOW)).toBeUndefined();
    const migrating = new ReaderSessionSigner(SECRET, { legacyIssuedAtMs: NOW - 1000 });
    expect(migrating.verify(legacy, NOW)).toEqual({ key, issuedAtMs: NOW - 1000, legacy: true });
    // The dated form's signature never passes as an undated one, nor the reverse.
    const [, , signature] = migrating.issue(NOW, key).value.split('.');
    expect(migrating.verify(`${key}.${signature}`, NOW)).toBeUndefined();
  });

  it('hashes with its own key, so two services (two secrets) give unrelated hashes', () => {
    const other = new ReaderSessionSigner(`${SECRET}-other`);
    expect(signer.keyedHash('network', '4:10.0.0.1/32')).toBe(signer.keyedHash('network', '4:10.0.0.1/32'));
    expect(signer.keyedHash('network', '4:10.0.0.1/32')).not.toBe(
      other.keyedHash('network', '4:10.0.0.1/32'),
    );
    expect(signer.keyedHash('network', '4:10.0.0.1/32')).not.toContain('10.0.0.1');
  });
});
