import { Body, Controller, Delete, Get, Header, HttpCode, Query, Res } from '@nestjs/common';
import {
  activityQuerySchema,
  deleteMeBodySchema,
  type ActivityQuery,
  type DeleteMeBody,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../identity/actor-resolver';
import { CurrentActor } from '../identity/actor.decorator';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';
import { ActivityService } from './activity.service';

const PRIVATE = 'private, no-store';

/**
 * The identity's own posts, its export and its deletion (ENDPOINTS myActivity, myExport, deleteMe). A
 * suspended identity may still read, export and delete what is its own.
 */
@Controller('/api/community/me')
export class MeController {
  constructor(
    private readonly activity: ActivityService,
    private readonly exports: AccountExportService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Get('activity')
  @Header('cache-control', PRIVATE)
  ownPosts(
    @CurrentActor({ allowSuspended: true }) actor: Actor,
    @Query(new ZodPipe(activityQuerySchema)) query: ActivityQuery,
  ) {
    return this.activity.list(actor, query);
  }

  @Get('export')
  @Header('cache-control', PRIVATE)
  @Header('content-disposition', 'attachment; filename="pulse-community-export.json"')
  export(@CurrentActor({ allowSuspended: true }) actor: Actor) {
    return this.exports.export(actor);
  }

  @Delete()
  @HttpCode(200)
  @Header('cache-control', PRIVATE)
  async delete(
    @CurrentActor({ allowSuspended: true }) actor: Actor,
    // Parsed only to refuse a deletion the reader did not confirm (400 naming `confirm`).
    @Body(new ZodPipe(deleteMeBodySchema)) _confirmed: DeleteMeBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { response, cookies } = await this.deletion.delete(actor);
    for (const { name, value, options } of cookies) void reply.setCookie(name, value, options);
    return response;
  }
}
