import { Body, Controller, Delete, Get, Header, Param, Put, UseFilters } from '@nestjs/common';
import {
  followBodySchema,
  followKeyParamSchema,
  followKindSchema,
  type FollowBody,
  type FollowKind,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { FollowsService } from './follows.service';

const PRIVATE = 'private, no-store';

/** What the identity follows (ENDPOINTS myFollows, follow, unfollow). Its own: never cached by anyone. */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/me/follows')
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Get()
  @Header('cache-control', PRIVATE)
  list(@CurrentActor() actor: Actor) {
    return this.follows.list(actor);
  }

  @Put(':kind/:key')
  @Header('cache-control', PRIVATE)
  follow(
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @Param('kind', new ZodPipe(followKindSchema)) kind: FollowKind,
    @Param('key', new ZodPipe(followKeyParamSchema)) key: string,
    @Body(new ZodPipe(followBodySchema)) body: FollowBody,
  ) {
    return this.follows.follow(actor, ip, kind, key, body);
  }

  @Delete(':kind/:key')
  @Header('cache-control', PRIVATE)
  unfollow(
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @Param('kind', new ZodPipe(followKindSchema)) kind: FollowKind,
    @Param('key', new ZodPipe(followKeyParamSchema)) key: string,
  ) {
    return this.follows.unfollow(actor, ip, kind, key);
  }
}
