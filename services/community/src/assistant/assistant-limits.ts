import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { ClientNetworks } from '../abuse/client-networks';
import { TooManyRequestsException } from '../abuse/write-limits';
import { ASSISTANT_CONFIG, type AssistantConfig } from './assistant.config';

export const ASSISTANT_TOO_FAST = '질문을 너무 빠르게 보내고 있습니다. 잠시 후 다시 시도해주세요.';
export const ASSISTANT_DAILY_CAP =
  '오늘 AI 도우미에게 보낼 수 있는 질문을 모두 사용했습니다. 내일 다시 이용해주세요.';
export const ASSISTANT_NETWORK_BUSY =
  '이 네트워크에서 AI 도우미에게 보낸 질문이 너무 많습니다. 잠시 후 다시 시도해주세요.';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const hash = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 32);

/**
 * Per identity and per network: a rate per minute and a cap per 24 hours, on the cache port (shared by
 * replicas). The network buckets exist because nicknames are free: without them, each fresh nickname from
 * one /64 would bring a fresh daily cap of LLM calls.
 */
@Injectable()
export class AssistantLimits {
  constructor(
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(ASSISTANT_CONFIG) private readonly config: AssistantConfig,
    private readonly networks: ClientNetworks,
  ) {}

  async message(identityId: string, ip: string): Promise<void> {
    const network = hash(this.networks.of(ip));
    await this.take(
      `community:assistant:minute:${identityId}`,
      this.config.ASSISTANT_MESSAGES_PER_MINUTE,
      MINUTE,
      ASSISTANT_TOO_FAST,
    );
    await this.take(
      `community:assistant:day:${identityId}`,
      this.config.ASSISTANT_MESSAGES_PER_DAY,
      DAY,
      ASSISTANT_DAILY_CAP,
    );
    await this.take(
      `community:assistant:net-minute:${network}`,
      this.config.ASSISTANT_MESSAGES_PER_NETWORK_MINUTE,
      MINUTE,
      ASSISTANT_NETWORK_BUSY,
    );
    await this.take(
      `community:assistant:net-day:${network}`,
      this.config.ASSISTANT_MESSAGES_PER_NETWORK_DAY,
      DAY,
      ASSISTANT_NETWORK_BUSY,
    );
  }

  private async take(key: string, limit: number, windowMs: number, message: string): Promise<void> {
    const result = await this.cache.rateLimit(key, limit, windowMs);
    if (!result.allowed)
      throw new TooManyRequestsException(message, Math.max(1, Math.ceil(result.resetMs / 1000)));
  }
}
