import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who is reading when no identity is signed in: IP and user agent (hashed before it is stored). */
export const ReaderKey = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return `${request.ip}|${request.headers['user-agent'] ?? ''}`;
});
