import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import {
  chatMessageBodySchema,
  idParamSchema,
  startChatSessionBodySchema,
  type ChatMessageBody,
  type StartChatSessionBody,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { AssistantService } from './assistant.service';
import { closedSignal, eventStream, wantsEventStream } from './event-stream';

/** The assistant's calls (libs/contracts ENDPOINTS: startChatSession, chatSession, sendChatMessage, clearChatSession). */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/assistant/sessions')
export class AssistantController {
  constructor(private readonly assistant: AssistantService) {}

  @Post()
  @HttpCode(200)
  open(
    @Body(new ZodPipe(startChatSessionBodySchema)) body: StartChatSessionBody,
    @CurrentActor() actor: Actor,
  ) {
    return this.assistant.open(body, actor);
  }

  @Get(':id')
  session(@Param('id', new ZodPipe(idParamSchema)) id: string, @CurrentActor() actor: Actor) {
    return this.assistant.session(id, actor);
  }

  @Delete(':id/messages')
  clear(@Param('id', new ZodPipe(idParamSchema)) id: string, @CurrentActor() actor: Actor) {
    return this.assistant.clear(id, actor);
  }

  /** Streamed as server-sent events when the client accepts them, else one JSON reply. */
  @Post(':id/messages')
  @HttpCode(200)
  async send(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(chatMessageBodySchema)) body: ChatMessageBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @Headers('accept') accept: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (!wantsEventStream(accept)) return this.assistant.reply(id, body, actor, ip);
    return eventStream(reply, await this.assistant.ask(id, body, actor, ip, closedSignal(request)));
  }
}
