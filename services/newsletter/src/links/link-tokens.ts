import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CLOCK, type Clock } from '@pulse/platform';
import { jwtVerify, SignJWT } from 'jose';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import { NewsletterSettingsRepository } from './newsletter-settings.repository';

const ISSUER = 'pulse-newsletter';
const SECRET_SETTING = 'link-secret';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ConfirmClaims {
  subscriberId: string;
  nonce: string;
}

/**
 * The signed links in mails (JWT, HS256 with `jose`). A confirmation link names the subscriber and the
 * sign-up's nonce and expires with the sign-up (NEWSLETTER_CONFIRM_DAYS). A manage link (unsubscribe,
 * preferences) names only the subscriber and does not expire: it sits in old mails, and RFC 8058 wants
 * it to keep working; deleting the subscriber kills it, since a new sign-up gets a new id. Each token
 * carries its purpose, so one kind can never be used as the other.
 */
@Injectable()
export class LinkTokens implements OnModuleInit {
  // Imported once: handed raw bytes, jose would import the key again for every token.
  private key: CryptoKey | undefined;

  constructor(
    private readonly settings: NewsletterSettingsRepository,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    const secret =
      this.config.NEWSLETTER_TOKEN_SECRET ??
      (await this.settings.getOrCreate(
        SECRET_SETTING,
        randomBytes(32).toString('base64url'),
        new Date(this.clock.now()).toISOString(),
      ));
    this.key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  confirmToken(claims: ConfirmClaims): Promise<string> {
    const now = this.clock.now();
    return this.base({ pur: 'confirm', non: claims.nonce }, claims.subscriberId)
      .setExpirationTime(Math.floor((now + this.config.NEWSLETTER_CONFIRM_DAYS * DAY_MS) / 1000))
      .sign(this.secretKey());
  }

  manageToken(subscriberId: string): Promise<string> {
    return this.base({ pur: 'manage' }, subscriberId).sign(this.secretKey());
  }

  /** The claims of a well-signed, unexpired confirmation token; undefined for anything else. */
  async readConfirm(token: unknown): Promise<ConfirmClaims | undefined> {
    const payload = await this.verify(token, 'confirm');
    if (!payload || typeof payload.non !== 'string') return undefined;
    return { subscriberId: payload.sub as string, nonce: payload.non };
  }

  /** The subscriber a well-signed manage token names; undefined for anything else. */
  async readManage(token: unknown): Promise<string | undefined> {
    return (await this.verify(token, 'manage'))?.sub;
  }

  private base(claims: Record<string, string>, subject: string): SignJWT {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(this.clock.now() / 1000));
  }

  private async verify(token: unknown, purpose: 'confirm' | 'manage') {
    // A JWT is three base64url parts; anything else (or absurdly long) is refused before jose parses it.
    if (typeof token !== 'string' || token.length > 1024 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
      return undefined;
    try {
      const { payload } = await jwtVerify(token, this.secretKey(), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: new Date(this.clock.now()),
      });
      if (payload.pur !== purpose || typeof payload.sub !== 'string' || !/^[\w-]{1,64}$/.test(payload.sub))
        return undefined;
      return payload;
    } catch {
      return undefined;
    }
  }

  private secretKey(): CryptoKey {
    if (!this.key) throw new Error('LinkTokens used before the module was initialised');
    return this.key;
  }
}
