import { SignJWT } from 'jose';

/** A community identity token as the community service signs it (services/community/src/identity/token-keys.ts). */
export function communityToken(secret: string, identityId: string, sessionId = `session-of-${identityId}`) {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(identityId)
    .setIssuer('pulse-community')
    .setIssuedAt()
    .sign(new TextEncoder().encode(secret));
}
