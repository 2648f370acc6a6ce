import { createHash } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
} from '@nestjs/common';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import { ClientNetworks } from './client-networks';
import { judgeProfanity } from './profanity';

export const TOO_MANY = '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.';
export const TOO_MANY_IDENTITIES = '이 네트워크에서 만든 닉네임이 너무 많습니다. 잠시 후 다시 시도해주세요.';
export const DUPLICATE_POST = '같은 내용을 방금 올렸습니다.';
export const PROFANE_POST = '부적절한 표현이 포함되어 있습니다. 내용을 수정해주세요.';
export const PROFANE_NICKNAME = '닉네임에 사용할 수 없는 표현이 포함되어 있습니다.';

const MINUTE = 60_000;
const DUPLICATE_WINDOW_MS = 24 * 60 * MINUTE;

export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

const hash = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 32);

/**
 * Abuse controls on writes (services/community/README.md 'Abuse rules'). Buckets live on the cache port, so replicas
 * share them (Redis in production). A denied write changes nothing and answers 429. Every per-address
 * bucket and marker keys on the client's network (`ClientNetworks`), never on the full address: callers
 * pass the address as it came, this class alone turns it into a key.
 */
@Injectable()
export class WriteLimits {
  constructor(
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
    private readonly networks: ClientNetworks,
  ) {}

  /** A cap on new identities per network and hour. */
  async newIdentity(ip: string): Promise<void> {
    await this.take(
      `community:rl:identity-net:${this.networkKey(ip)}`,
      this.config.COMMUNITY_IDENTITIES_PER_IP_HOUR,
      60 * MINUTE,
      TOO_MANY_IDENTITIES,
    );
  }

  /** Questions, answers and comments: per identity and per network, in 10 minutes. */
  async post(identityId: string, ip: string): Promise<void> {
    await this.take(
      `community:rl:post-id:${identityId}`,
      this.config.COMMUNITY_POSTS_PER_IDENTITY_10MIN,
      10 * MINUTE,
      TOO_MANY,
    );
    await this.take(
      `community:rl:post-net:${this.networkKey(ip)}`,
      this.config.COMMUNITY_POSTS_PER_IP_10MIN,
      10 * MINUTE,
      TOO_MANY,
    );
  }

  /** Votes and reports: per identity and per network, in a minute. */
  async vote(identityId: string, ip: string): Promise<void> {
    await this.take(
      `community:rl:vote-id:${identityId}`,
      this.config.COMMUNITY_VOTES_PER_IDENTITY_MINUTE,
      MINUTE,
      TOO_MANY,
    );
    await this.take(
      `community:rl:vote-net:${this.networkKey(ip)}`,
      this.config.COMMUNITY_VOTES_PER_IP_MINUTE,
      MINUTE,
      TOO_MANY,
    );
  }

  /**
   * Markdown previews: the vote numbers per identity and per network in a minute, in buckets of their
   * own, so typing and previewing never uses up what posting or voting may do.
   */
  async preview(identityId: string, ip: string): Promise<void> {
    await this.take(
      `community:rl:preview-id:${identityId}`,
      this.config.COMMUNITY_VOTES_PER_IDENTITY_MINUTE,
      MINUTE,
      TOO_MANY,
    );
    await this.take(
      `community:rl:preview-net:${this.networkKey(ip)}`,
      this.config.COMMUNITY_VOTES_PER_IP_MINUTE,
      MINUTE,
      TOO_MANY,
    );
  }

  /**
   * The same text from one identity (or one network) within a day is refused with 409. Called after the other
   * checks pass; the marker is written only by `rememberPost`, after the post is stored.
   */
  async refuseDuplicate(identityId: string, ip: string, text: string): Promise<void> {
    const key = this.duplicateKeys(identityId, ip, text);
    const [byIdentity, byIp] = await Promise.all([this.cache.get(key.identity), this.cache.get(key.ip)]);
    if (byIdentity !== undefined || byIp !== undefined) throw new ConflictException(DUPLICATE_POST);
  }

  async rememberPost(identityId: string, ip: string, text: string): Promise<void> {
    const key = this.duplicateKeys(identityId, ip, text);
    await Promise.all([
      this.cache.set(key.identity, 1, DUPLICATE_WINDOW_MS),
      this.cache.set(key.ip, 1, DUPLICATE_WINDOW_MS),
    ]);
  }

  /**
   * A nickname with a listed word, even a borderline one, is refused with a Korean 400 naming the field: a
   * name is shown everywhere and cannot be shown masked.
   */
  refuseProfanity(fields: Record<string, string | readonly string[]>): void {
    for (const [field, value] of Object.entries(fields)) {
      const texts = typeof value === 'string' ? [value] : value;
      if (texts.some((text) => judgeProfanity(text).kind !== 'clean'))
        throw new BadRequestException(`${field}: ${field === 'username' ? PROFANE_NICKNAME : PROFANE_POST}`);
    }
  }

  /**
   * The post's text fields screened: a listed word refuses the post with a Korean 400 naming the field (the
   * reject-not-hold rule); a borderline word (profanity.ts) is masked and the post kept, since the same
   * letters turn up by chance in ordinary sentences. Returns the input with those fields masked.
   */
  screenProfanity<T extends object, K extends keyof T & string>(input: T, fields: readonly K[]): T {
    const screened = { ...input };
    for (const field of fields) {
      const value = input[field];
      const screen = (text: string): string => {
        const verdict = judgeProfanity(text);
        if (verdict.kind === 'refuse') throw new BadRequestException(`${field}: ${PROFANE_POST}`);
        return verdict.kind === 'mask' ? verdict.masked : text;
      };
      if (typeof value === 'string') screened[field] = screen(value) as T[K];
      else if (Array.isArray(value)) screened[field] = value.map((text: string) => screen(text)) as T[K];
    }
    return screened;
  }

  private duplicateKeys(identityId: string, ip: string, text: string) {
    const digest = hash(text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase());
    return {
      identity: `community:dup:id:${identityId}:${digest}`,
      ip: `community:dup:net:${this.networkKey(ip)}:${digest}`,
    };
  }

  private networkKey(ip: string): string {
    return hash(this.networks.of(ip));
  }

  private async take(key: string, limit: number, windowMs: number, message: string): Promise<void> {
    const result = await this.cache.rateLimit(key, limit, windowMs);
    if (!result.allowed)
      throw new TooManyRequestsException(message, Math.max(1, Math.ceil(result.resetMs / 1000)));
  }
}
