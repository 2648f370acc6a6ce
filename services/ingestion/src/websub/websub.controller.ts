import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { websubCallbackIdSchema, websubVerifyQuerySchema, type WebSubVerifyQuery } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { WebSubPushService } from './websub-push.service';
import { WEBSUB_CALLBACK_PATH, WebSubSubscriptions } from './websub-subscriptions.service';

/**
 * A push to an id that cannot be one is answered as one to an unknown subscription (404), so the id is
 * read as none rather than refused with a 400.
 */
const pushedId = new ZodPipe(websubCallbackIdSchema.nullable().catch(null));
/**
 * The body parser (websub-body.parser.ts) keeps feed types as bytes; anything else is no feed, which the
 * service answers with 415 once the subscription is known.
 */
const feedBytes = new ZodPipe(z.unknown().transform((body) => (Buffer.isBuffer(body) ? body : null)));

/** The callback WebSub hubs call: public (the hub is not us), its id unguessable, pushes signed. */
@Controller(WEBSUB_CALLBACK_PATH)
export class WebSubController {
  constructor(
    private readonly subscriptions: WebSubSubscriptions,
    private readonly pushes: WebSubPushService,
  ) {}

  /** Verification of intent: the challenge echoed as plain text. */
  @Get(':id')
  // The query comes before the id on purpose: Nest runs the last argument's pipe first, so a bad id is
  // answered before a bad query, as it was when the service read both.
  async verify(
    @Query(new ZodPipe(websubVerifyQuerySchema)) query: WebSubVerifyQuery,
    @Param('id', new ZodPipe(websubCallbackIdSchema)) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const challenge = await this.subscriptions.verify(id, query);
    void reply.header('content-type', 'text/plain; charset=utf-8');
    return challenge;
  }

  /** Content distribution: 204 once the document is stored; 403 on a bad signature. */
  @Post(':id')
  @HttpCode(204)
  receive(
    @Param('id', pushedId) id: string | null,
    @Headers() headers: Record<string, string | string[] | undefined>,
    @Body(feedBytes) body: Buffer | null,
  ) {
    return this.pushes.receive(id, headers, body);
  }
}
