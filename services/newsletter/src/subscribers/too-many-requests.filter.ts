import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TooManyRequestsException } from './subscribe-limits';

/** A 429 in the common error shape, with Retry-After saying when to try again. */
@Catch(TooManyRequestsException)
export class TooManyRequestsFilter implements ExceptionFilter {
  catch(exception: TooManyRequestsException, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply
      .status(429)
      .header('retry-after', String(exception.retryAfterSeconds))
      .send({ statusCode: 429, error: 'Too Many Requests', message: exception.message });
  }
}
