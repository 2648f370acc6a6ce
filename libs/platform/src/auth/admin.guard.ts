import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ForbiddenException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { AdminConfig } from './admin.config';

export const ADMIN_CONFIG = Symbol.for('pulse.AdminConfig');

/** Hashing first gives both sides one length, so the comparison leaks neither content nor length. */
const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Admits a request carrying `Authorization: Bearer <ADMIN_TOKEN>`. With no token configured the admin
 * API is switched off (503), never open: a forgotten variable must not publish an unguarded admin API.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(ADMIN_CONFIG) private readonly config: AdminConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.ADMIN_TOKEN;
    if (!expected) throw new ServiceUnavailableException('admin API disabled');
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new UnauthorizedException('Admin credential required');
    if (!tokenMatches(match[1], expected)) throw new ForbiddenException('Invalid admin credential');
    return true;
  }
}
