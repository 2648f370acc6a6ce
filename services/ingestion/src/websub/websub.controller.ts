import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { WebSubPushService } from './websub-push.service';
import { WEBSUB_CALLBACK_PATH, WebSubSubscriptions } from './websub-subscriptions.service';

/** The callback WebSub hubs call: public (the hub is not us), its id unguessable, pushes signed. */
@Controller(WEBSUB_CALLBACK_PATH)
export class WebSubController {
  constructor(
    private readonly subscriptions: WebSubSubscriptions,
    private readonly pushes: WebSubPushService,
  ) {}

  /** Verification of intent: the challenge echoed as plain text. */
  @Get(':id')
  async verify(
    @Param('id') id: string,
    @Query() query: unknown,
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
    @Param('id') id: string,
    @Headers() headers: Record<string, string | string[] | undefined>,
    @Body() body: unknown,
  ) {
    return this.pushes.receive(id, headers, body);
  }
}
