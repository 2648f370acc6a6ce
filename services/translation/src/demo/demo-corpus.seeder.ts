import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CLOCK, LOGGER, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { TRANSLATION_CONFIG, type TranslationConfig } from '../translation.config';
import { TranslationRepository } from '../translation.repository';
import { demoPayload, demoRecord, loadDemoCorpus } from './demo-corpus';

/**
 * With DEMO_CORPUS=true (embedded mode's default), stores the sample corpus as translated jobs at start,
 * each with its article.translated in the same write (outbox), so it reaches the content service the way a
 * real article does. Idempotent: the ids are fixed, an id already stored is a DuplicateKeyError the
 * repository turns into `false`, so a restart, a second process or a half-finished earlier run never
 * stores or emits an article twice.
 */
@Injectable()
export class DemoCorpusSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly repository: TranslationRepository,
    @Inject(TRANSLATION_CONFIG) private readonly config: TranslationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Awaited by Nest before the app is ready: 30 small writes, a few milliseconds on the embedded store. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.DEMO_CORPUS) return;
    try {
      const seeded = await this.seed();
      if (seeded > 0) this.logger.info(`demo corpus: ${seeded} sample articles seeded`);
      else this.logger.debug('demo corpus: already seeded');
    } catch (error) {
      // A demo nicety must never keep the service from starting; the store's own health shows in /readyz.
      this.logger.error({ err: error }, 'demo corpus could not be seeded');
    }
  }

  /** Stores every sample article not stored yet; returns how many were new. */
  async seed(now = this.clock.now()): Promise<number> {
    const at = new Date(now).toISOString();
    let seeded = 0;
    for (const article of loadDemoCorpus()) {
      const payload = demoPayload(article, now);
      if (await this.repository.insert(demoRecord(payload, at), payload)) seeded += 1;
    }
    return seeded;
  }
}
