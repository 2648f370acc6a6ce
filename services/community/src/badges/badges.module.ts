import { Global, Module } from '@nestjs/common';
import { BadgesController } from './badges.controller';
import { BadgesHandler } from './badges.handler';
import { BadgesRepository } from './badges.repository';
import { BadgesService } from './badges.service';

/** Badge rules, awards from events, and the badges shown on authors (exported to every area). */
@Global()
@Module({
  controllers: [BadgesController, BadgesHandler],
  providers: [BadgesRepository, BadgesService],
  exports: [BadgesService, BadgesRepository],
})
export class BadgesModule {}
