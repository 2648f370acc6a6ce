import { Body, Controller, Get, HttpCode, Post, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from './actor-resolver';
import { ClientIp, CurrentActor } from './actor.decorator';
import { IdentityService } from './identity.service';
import { type AnonymousAuthBody, anonymousAuthBodySchema } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';

/** Nickname sign-up (docs/spec-community.md §7), who-am-I and logout (chosen). Never cached: they name a person. */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/auth')
export class AuthController {
  constructor(private readonly identity: IdentityService) {}

  @Post('anonymous')
  @HttpCode(201)
  async anonymous(
    @Body(new ZodPipe(anonymousAuthBodySchema)) body: AnonymousAuthBody,
    @ClientIp() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { response, cookies } = await this.identity.signUp(body, ip);
    for (const { name, value, options } of cookies) void reply.setCookie(name, value, options);
    void reply.header('cache-control', 'no-store');
    return response;
  }

  @Get('me')
  me(@CurrentActor({ allowSuspended: true }) actor: Actor, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'private, no-store');
    return this.identity.me(actor);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(
    @CurrentActor({ allowSuspended: true }) actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { response, cookies } = await this.identity.logout(actor);
    for (const { name, value, options } of cookies) void reply.setCookie(name, value, options);
    return response;
  }
}
