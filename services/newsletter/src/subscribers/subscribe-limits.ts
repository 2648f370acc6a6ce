import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { CACHE_STORE, networkOf, type CacheStore, type NetworkPrefixes } from '@pulse/platform';
import { NEWSLETTER_CONFIG, NEWSLETTER_NETWORKS, type NewsletterConfig } from '../newsletter.config';
import { mailboxOf } from './email-address';

export const TOO_MANY = '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.';
const HOUR = 60 * 60 * 1000;

export class TooManyRequestsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(TOO_MANY, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Buckets are keyed by a hash: neither a network nor an address is written to the cache in clear. */
const hash = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 32);

/**
 * What keeps the form from being used to mail-bomb someone: sign-up requests per network and hour (an
 * IPv4 address, an IPv6 /64: one IPv6 client holds 2^64 addresses, so a per-address budget is none), and
 * sign-up mails per mailbox and day, on the cache port (Redis in production, so replicas share them). The
 * mailbox bucket keys on mailboxOf, so `+tag` and Gmail dot variants of one inbox share it. It counts every
 * request naming the address, whatever its state, so a 429 says nothing about whether it is subscribed.
 * There is no cap per domain: one would refuse real readers at the large providers (a launch brings
 * hundreds of gmail.com and naver.com sign-ups an hour), and invented local parts at a domain bounce
 * rather than fill a person's inbox; the network bucket bounds who sends them.
 */
@Injectable()
export class SubscribeLimits {
  constructor(
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
    @Inject(NEWSLETTER_NETWORKS) private readonly networks: NetworkPrefixes,
  ) {}

  async perNetwork(ip: string): Promise<void> {
    await this.take(
      `newsletter:rl:net:${hash(networkOf(ip, this.networks))}`,
      this.config.NEWSLETTER_SUBSCRIBES_PER_IP_HOUR,
      HOUR,
    );
  }

  async perAddress(email: string): Promise<void> {
    await this.take(
      `newsletter:rl:addr:${hash(mailboxOf(email))}`,
      this.config.NEWSLETTER_MAILS_PER_ADDRESS_DAY,
      24 * HOUR,
    );
  }

  private async take(key: string, limit: number, windowMs: number): Promise<void> {
    const result = await this.cache.rateLimit(key, limit, windowMs);
    if (!result.allowed) throw new TooManyRequestsException(Math.max(1, Math.ceil(result.resetMs / 1000)));
  }
}
