import {
  Body,
  Controller,
  ForbiddenException,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  ServiceUnavailableException,
} from '@nestjs/common';
import { STAFF_SESSION_RESOLVE_PATH } from '@pulse/contracts';
import { ADMIN_CONFIG, staffResolveKey, tokenMatches, ZodPipe, type AdminConfig } from '@pulse/platform';
import { z } from 'zod';
import { StaffSessionsService } from './staff-sessions.service';

const resolveBodySchema = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * The gateway's question on every request that carries the staff cookie: whose session is this, and what
 * is its CSRF token? Answered from the store each time (no cache), so a revoked session stops at once.
 */
@Controller()
export class SessionResolveController {
  constructor(
    private readonly sessions: StaffSessionsService,
    @Inject(ADMIN_CONFIG) private readonly admin: AdminConfig,
  ) {}

  @Post(STAFF_SESSION_RESOLVE_PATH)
  @HttpCode(200)
  async resolve(
    @Headers('authorization') authorization: string | undefined,
    @Body(new ZodPipe(resolveBodySchema)) body: { token: string },
  ) {
    const secret = this.admin.STAFF_ASSERTION_SECRET;
    if (!secret) throw new ServiceUnavailableException('staff sign-in is off (STAFF_ASSERTION_SECRET unset)');
    const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
    if (!tokenMatches(presented, staffResolveKey(secret)))
      throw new ForbiddenException('gateway key required');
    const resolved = await this.sessions.resolve(body.token);
    if (!resolved) throw new NotFoundException('no live session');
    return resolved;
  }
}
