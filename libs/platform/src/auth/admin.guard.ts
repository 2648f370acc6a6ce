import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ForbiddenException,
  Inject,
  Injectable,
  Optional,
  ServiceUnavailableException,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { STAFF_ASSERTION_HEADER, type StaffPrincipal, type StaffRole } from '@pulse/contracts';
import type { Logger } from 'pino';
import { CLOCK, systemClock, type Clock } from '../clock';
import { LOGGER } from '../nest/tokens';
import type { AdminConfig } from './admin.config';
import { StaffActionRecorder } from './audit/staff-action.recorder';
import { verifyStaffAssertion } from './staff-assertion';
import { DEFAULT_STAFF_ROLES, STAFF_ROLES_KEY } from './staff-roles.decorator';

export const ADMIN_CONFIG = Symbol.for('pulse.AdminConfig');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Hashing first gives both sides one length, so the comparison leaks neither content nor length. */
const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The shared ADMIN_TOKEN as a principal: the bootstrap and automation credential, with an owner's reach. */
export const ADMIN_TOKEN_PRINCIPAL: StaffPrincipal = {
  id: 'admin-token',
  name: 'ADMIN_TOKEN',
  role: 'owner',
  via: 'token',
};

interface AdminRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  staff?: StaffPrincipal;
}

/**
 * Admits a request carrying `Authorization: Bearer <ADMIN_TOKEN>`, or the gateway's signed staff
 * assertion for this very request (staff-assertion.ts), then checks the principal's role against the
 * handler's @StaffRoles (editor and owner when unmarked). The verified principal is left on
 * `request.staff` for the handler (@Staff()). With neither credential configured the admin API is
 * switched off (503), never open: a forgotten variable must not publish an unguarded admin API.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
    private readonly reflector: Reflector,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
    @Optional() private readonly recorder?: StaffActionRecorder,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const staff = this.principalOf(request);
    const allowed =
      this.reflector.getAllAndOverride<StaffRole[] | undefined>(STAFF_ROLES_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? DEFAULT_STAFF_ROLES;
    if (!allowed.includes(staff.role)) {
      // A verified member trying what their role may not do is exactly what the audit log is for; a
      // refusal here never reaches the audit interceptor, so it is recorded here.
      await this.recorder?.record(context, staff, 403);
      throw new ForbiddenException(`이 작업은 ${allowed.join(', ')} 역할만 할 수 있습니다.`);
    }
    request.staff = staff;
    // Every admin change names who made it, an account or the shared token, in the service's log.
    if (!SAFE_METHODS.has(request.method.toUpperCase()))
      this.logger?.info(
        { staff, method: request.method, path: request.url.split('?')[0] },
        'admin request admitted',
      );
    return true;
  }

  private principalOf(request: AdminRequest): StaffPrincipal {
    const { ADMIN_TOKEN: token, STAFF_ASSERTION_SECRET: secret } = this.config;
    if (!token && !secret) throw new ServiceUnavailableException('admin API disabled');
    // The assertion first: only the gateway can have set it (it strips clients' own), and the shell's
    // requests may carry another bearer (a community member's) that is no admin credential.
    const assertion = request.headers[STAFF_ASSERTION_HEADER];
    if (typeof assertion === 'string' && assertion !== '') {
      // Without the key this service cannot tell a real assertion from a forgery.
      if (!secret) throw new ForbiddenException('Invalid admin credential');
      const check = verifyStaffAssertion(assertion, secret, request, this.clock.now());
      if (!check.ok) {
        if (check.reason === 'expired') throw new UnauthorizedException('Staff assertion expired');
        throw new ForbiddenException('Invalid staff assertion');
      }
      const { sub, name, role, email } = check.claims;
      return { id: sub, name, role, via: 'session', ...(email ? { email } : {}) };
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(String(request.headers.authorization ?? ''));
    if (!match) throw new UnauthorizedException('Admin credential required');
    if (!token || !tokenMatches(match[1], token)) throw new ForbiddenException('Invalid admin credential');
    return ADMIN_TOKEN_PRINCIPAL;
  }
}
