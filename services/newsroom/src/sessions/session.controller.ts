import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { STAFF_SESSION_COOKIE, staffLoginSchema, type StaffLogin } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NEWSROOM_CONFIG, type NewsroomConfig } from '../newsroom.config';
import { StaffSessionsService } from './staff-sessions.service';

/**
 * Staff sign-in. The cookie is HttpOnly (no script reads it), SameSite=Strict (no other site's page sends
 * it), Secure on an https site, and Path=/ because the admin routes it must reach are spread over every
 * service's /api prefix (/api/ingestion/…, /api/content/…, /api/community/admin/…), not under one path.
 */
@Controller('/api/newsroom/session')
export class SessionController {
  constructor(
    private readonly sessions: StaffSessionsService,
    @Inject(NEWSROOM_CONFIG) private readonly config: NewsroomConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async signIn(
    @Body(new ZodPipe(staffLoginSchema)) body: StaffLogin,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { token, view } = await this.sessions.signIn(body, request.ip);
    reply.setCookie(STAFF_SESSION_COOKIE, token, {
      ...this.cookieOptions(),
      maxAge: this.config.NEWSROOM_SESSION_HOURS * 3600,
    });
    return view;
  }

  @Get()
  view(@Req() request: FastifyRequest) {
    return this.sessions.view(request.cookies[STAFF_SESSION_COOKIE]);
  }

  @Delete()
  @HttpCode(204)
  async signOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.sessions.signOut(request.cookies[STAFF_SESSION_COOKIE]);
    reply.clearCookie(STAFF_SESSION_COOKIE, this.cookieOptions());
  }

  private cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: this.config.PUBLIC_SITE_URL.startsWith('https:'),
      path: '/',
    };
  }
}
