import { Global, Module } from '@nestjs/common';
import { WriteLimits } from './write-limits';

/** Write limits, duplicate detection and the profanity check, used by every area that writes. */
@Global()
@Module({ providers: [WriteLimits], exports: [WriteLimits] })
export class AbuseModule {}
