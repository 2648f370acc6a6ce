import type { Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../clock';
import { DOCUMENT_STORE, LOGGER, SERVICE_CONFIG } from '../nest/tokens';
import type { DocumentStore } from '../store/store.port';
import { Leases } from './leases';
import { leaseTiming, scheduleLeaseConfigSchema, type ScheduleLeaseConfig } from './leases.config';

export const LEASES = Symbol.for('pulse.Leases');

/**
 * The service's Leases, on its own store and clock. List `leases: scheduleLeaseConfigSchema` in the
 * service definition's config so the timing is validated at start; without it (a test's definition)
 * the defaults apply. Put it in the module that provides CLOCK, so a test clock reaches it.
 */
export function provideLeases(): Provider {
  return {
    provide: LEASES,
    inject: [DOCUMENT_STORE, CLOCK, SERVICE_CONFIG, LOGGER],
    useFactory: (
      store: DocumentStore,
      clock: Clock,
      config: { leases?: ScheduleLeaseConfig },
      logger: Logger,
    ) =>
      new Leases(
        store,
        clock,
        leaseTiming(config.leases ?? scheduleLeaseConfigSchema.parse({})),
        undefined,
        (error) => logger.warn({ err: error }, 'lease renewal failed; trying again'),
      ),
  };
}
