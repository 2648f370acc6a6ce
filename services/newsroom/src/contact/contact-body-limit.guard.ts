import {
  Injectable,
  PayloadTooLargeException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { CONTACT_LIMITS } from '@pulse/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The contact form's own body limit, far below the service's 1 MiB: anyone may post to it, and nothing
 * a reader writes there comes near 16 KB. Fastify has parsed the body by now (within 1 MiB); a body sent
 * without a length is measured as parsed.
 */
@Injectable()
export class ContactBodyLimitGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const declared = Number(request.headers['content-length']);
    const size = Number.isFinite(declared)
      ? declared
      : Buffer.byteLength(JSON.stringify(request.body ?? null));
    if (size > CONTACT_LIMITS.bodyBytes)
      throw new PayloadTooLargeException(`body must be at most ${CONTACT_LIMITS.bodyBytes} bytes`);
    return true;
  }
}
