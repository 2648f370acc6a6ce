import { Body, Controller, HttpCode, Post, Req, UseFilters } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ZodPipe } from '@pulse/platform';
import { subscribeDto, type SubscribeDto } from './subscribers.dto';
import { SubscribersService } from './subscribers.service';
import { TooManyRequestsFilter } from './too-many-requests.filter';

/** docs/spec-content.md §7 POST /api/subscribers {email}: 202, the same answer whether or not the address is known. */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/subscribers')
export class SubscribersController {
  constructor(private readonly subscribers: SubscribersService) {}

  @Post()
  @HttpCode(202)
  subscribe(@Body(new ZodPipe(subscribeDto)) body: SubscribeDto, @Req() request: FastifyRequest) {
    return this.subscribers.subscribe(body.email, request.ip);
  }
}
