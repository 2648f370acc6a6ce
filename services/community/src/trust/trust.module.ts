import { Global, Module } from '@nestjs/common';
import {
  DEFAULT_NETWORK_PREFIXES,
  networkPrefixesOf,
  SERVICE_CONFIG,
  type NetworkConfig,
} from '@pulse/platform';
import { EndorsementsRepository } from './endorsements.repository';
import { TRUST_CONFIG, type TrustConfig } from './trust.config';
import { TRUST_NETWORKS, TrustService } from './trust.service';

/** Trust levels: endorsements from votes and accepts, each identity's level, the report weights. */
@Global()
@Module({
  providers: [
    {
      provide: TRUST_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { trust: TrustConfig }) => config.trust,
    },
    {
      // The service's network prefixes when its definition carries them, else the platform's defaults.
      provide: TRUST_NETWORKS,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { network?: NetworkConfig }) =>
        config.network ? networkPrefixesOf(config.network) : DEFAULT_NETWORK_PREFIXES,
    },
    EndorsementsRepository,
    TrustService,
  ],
  exports: [TRUST_CONFIG, TrustService],
})
export class TrustModule {}
