import { Inject, Injectable } from '@nestjs/common';
import { TRENDING_CONFIG, type TrendingConfig } from '../trending.config';
import { CLOCK, type Clock } from '@pulse/platform';

interface Held {
  expiresAt: number;
  answer: Promise<unknown>;
}

/** Different queries a replica holds at most (limit × type × period combinations are few). */
const MAX_HELD = 500;

/**
 * The trending lists and statistics as last read, per query, for TRENDING_READ_CACHE_MS (services/trending/
 * README.md, 'Reads'). Every reader asks for the same few lists, and each is a sorted scan of the
 * articles (~50 ms on the MongoDB-compatible test server, which answered hot topics at ~20 requests/s
 * uncached); they change only when this service writes scores or counters, so those writes drop what is
 * held (`invalidate`), and a replica that did not write sees another's change within the TTL at most, or at
 * that replica's next purge of the trending tag (TrendingPurges), whichever comes first.
 * One read per query at a time: readers arriving while it runs share it.
 */
@Injectable()
export class ListReadCache {
  private readonly held = new Map<string, Held>();

  constructor(
    @Inject(TRENDING_CONFIG) private readonly config: TrendingConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const ttl = this.config.TRENDING_READ_CACHE_MS;
    if (ttl <= 0) return load();
    const now = this.clock.now();
    const held = this.held.get(key);
    if (held && held.expiresAt > now) return held.answer as Promise<T>;
    if (this.held.size >= MAX_HELD) this.held.clear();
    const answer = load();
    this.held.set(key, { expiresAt: now + ttl, answer });
    // A failed read is not kept: the next reader tries again.
    answer.catch(() => {
      if (this.held.get(key)?.answer === answer) this.held.delete(key);
    });
    return answer;
  }

  /** Scores or counters changed here: the next read of every list goes to the store. */
  invalidate(): void {
    this.held.clear();
  }
}
