import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TooManyMessagesException } from './contact.service';

/** The contact limit's 429 in the common error shape, with Retry-After saying when to send again. */
@Catch(TooManyMessagesException)
export class TooManyMessagesFilter implements ExceptionFilter {
  catch(exception: TooManyMessagesException, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply
      .status(429)
      .header('retry-after', String(exception.retryAfterSeconds))
      .send({ statusCode: 429, error: 'Too Many Requests', message: exception.message });
  }
}
