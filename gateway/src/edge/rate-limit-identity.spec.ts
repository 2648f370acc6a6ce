import { SignJWT, UnsecuredJWT } from 'jose';
import { communityToken } from '../../testing/community-token';
import { cookieOf, RateIdentityResolver } from './rate-limit-identity';
import { VerifiedStaffSessions } from './verified-staff-sessions';

const SECRET = 'community-secret-for-identity-tests-0123456789';
const ADMIN = 'admin-token-for-identity-tests-0123';
const key = new TextEncoder().encode(SECRET);
const withBearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('the rate-limit identity of a request: only what the gateway verified', () => {
  const resolver = new RateIdentityResolver({ adminToken: ADMIN, communityTokenSecret: SECRET });

  it('names the admin for the admin token, a member for a well-signed community token', async () => {
    expect(await resolver.resolve(withBearer(ADMIN))).toEqual({ kind: 'admin' });
    expect(await resolver.resolve(withBearer(await communityToken(SECRET, 'id-1')))).toEqual({
      kind: 'member',
      identityId: 'id-1',
    });
    // Twice: the second answer comes from the verified tokens it keeps, and is the same.
    expect(await resolver.resolve(withBearer(await communityToken(SECRET, 'id-1')))).toEqual({
      kind: 'member',
      identityId: 'id-1',
    });
  });

  it('reads the community cookie when there is no bearer', async () => {
    const cookie = `theme=dark; pulse_community=${await communityToken(SECRET, 'id-2')}; pulse_csrf=x`;
    expect(await resolver.resolve({ headers: { cookie } })).toEqual({ kind: 'member', identityId: 'id-2' });
  });

  it('counts everything else as anonymous: made-up, forged, unsigned, another issuer, no subject', async () => {
    const tokens = [
      'made-up',
      `${ADMIN}x`,
      'a.b.c',
      await communityToken('another-secret-of-enough-length-0123456789', 'id-3'),
      new UnsecuredJWT({ sid: 's' }).setSubject('id-3').setIssuer('pulse-community').encode(),
      await new SignJWT({ sid: 's' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('id-3')
        .setIssuer('someone-else')
        .sign(key),
      await new SignJWT({ sid: 's' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('pulse-community')
        .sign(key),
      await new SignJWT({ sid: 's' })
        .setProtectedHeader({ alg: 'HS384' })
        .setSubject('id-3')
        .setIssuer('pulse-community')
        .sign(new TextEncoder().encode(SECRET.repeat(2))),
      'x'.repeat(5000),
    ];
    for (const token of tokens)
      expect(await resolver.resolve(withBearer(token))).toEqual({ kind: 'anonymous' });
    expect(await resolver.resolve({ headers: {} })).toEqual({ kind: 'anonymous' });
  });

  it('cannot tell a community token from a made-up one without the key, so counts it as anonymous', async () => {
    const keyless = new RateIdentityResolver({ adminToken: ADMIN });
    expect(await keyless.resolve(withBearer(await communityToken(SECRET, 'id-4')))).toEqual({
      kind: 'anonymous',
    });
  });
});

describe('the rate-limit identity of a staff session cookie', () => {
  const staffSessions = new VerifiedStaffSessions();
  staffSessions.verified('verified-session-token', 'acc-1');
  const resolver = new RateIdentityResolver({
    adminToken: ADMIN,
    communityTokenSecret: SECRET,
    staffSessions,
  });
  const withCookie = (token: string) => ({ headers: { cookie: `theme=dark; pulse_staff=${token}` } });

  it('names the account only for a cookie newsroom answered for', async () => {
    expect(await resolver.resolve(withCookie('verified-session-token'))).toEqual({
      kind: 'staff',
      accountId: 'acc-1',
    });
    expect(await resolver.resolve(withCookie('made-up-session-token'))).toEqual({ kind: 'anonymous' });
    // The account's id as a cookie is no session either.
    expect(await resolver.resolve(withCookie('acc-1'))).toEqual({ kind: 'anonymous' });
  });

  it('puts the admin token first: an automation run with a staff cookie still counts as the admin', async () => {
    expect(
      await resolver.resolve({
        headers: { authorization: `Bearer ${ADMIN}`, cookie: 'pulse_staff=verified-session-token' },
      }),
    ).toEqual({ kind: 'admin' });
  });

  it('names no one without the verified sessions (staff sign-in off)', async () => {
    const without = new RateIdentityResolver({ adminToken: ADMIN });
    expect(await without.resolve(withCookie('verified-session-token'))).toEqual({ kind: 'anonymous' });
  });
});

describe('cookieOf', () => {
  it('finds one cookie among several, and nothing for an empty or missing one', () => {
    const request = { headers: { cookie: 'a=1; pulse_community=tok.en.x ;b=' } };
    expect(cookieOf(request, 'pulse_community')).toBe('tok.en.x');
    expect(cookieOf(request, 'b')).toBeUndefined();
    expect(cookieOf(request, 'c')).toBeUndefined();
    expect(cookieOf({ headers: {} }, 'a')).toBeUndefined();
  });
});
