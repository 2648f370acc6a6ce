import { Controller, Get, Header, Query } from '@nestjs/common';
import { readerStateQuerySchema, type ReaderStateQuery } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { Actor } from '../identity/actor-resolver';
import { CurrentActor } from '../identity/actor.decorator';
import { ReaderStateService } from './reader-state.service';

/**
 * The reader's own marks on a page's ids (ENDPOINTS readerState): one call per page, never shared by any
 * cache. A suspended identity still sees its own marks, as it still reads its own space.
 */
@Controller('/api/community/me/state')
export class ReaderStateController {
  constructor(private readonly state: ReaderStateService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  of(
    @CurrentActor({ allowSuspended: true }) actor: Actor,
    @Query(new ZodPipe(readerStateQuerySchema)) query: ReaderStateQuery,
  ) {
    return this.state.of(actor, query);
  }
}
