import { Global, Module } from '@nestjs/common';
import { ClientNetworks } from './client-networks';
import { WriteLimits } from './write-limits';

/**
 * Write limits, duplicate detection and the profanity check, used by every area that writes; the client's
 * network, which every per-address bucket keys on.
 */
@Global()
@Module({ providers: [ClientNetworks, WriteLimits], exports: [ClientNetworks, WriteLimits] })
export class AbuseModule {}
