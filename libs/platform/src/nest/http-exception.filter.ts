import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { isDependencyOutage } from '../bus/core/dependency-outage';

/** Seconds a client is asked to wait when a dependency (the store) is down: it usually returns soon. */
const OUTAGE_RETRY_AFTER_S = 5;

const reasonPhrase = (status: number): string =>
  (HttpStatus[status] ?? 'Error')
    .toString()
    .toLowerCase()
    .split('_')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

/**
 * Every error leaves as `{ statusCode, error, message }` (docs/design.md §7). Validation errors become 400s naming
 * the field; a dependency that cannot be reached (the store) is a 503 with Retry-After, which callers and
 * the gateway treat as "try again"; anything else unexpected is logged with its stack and answered as a
 * bare 500, without internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    // Bus handlers share the app's filters; their errors must reach the bus (retry, then dead letter).
    if (host.getType() !== 'http') throw exception;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { statusCode, message } = this.describe(exception);
    if (statusCode === 503 && isDependencyOutage(exception))
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
    reply.status(statusCode).send({ statusCode, error: reasonPhrase(statusCode), message });
  }

  private describe(exception: unknown): { statusCode: number; message: string } {
    if (exception instanceof ZodError) {
      const issue = exception.issues[0];
      // Unknown keys name themselves ('unknown parameter(s): sotr'), in a query string as in a body, so
      // they get no prefix; another issue on the whole input is about the body (missing, not an object).
      if (issue.code === 'unrecognized_keys') return { statusCode: 400, message: issue.message };
      const field = issue.path.join('.') || 'body';
      return { statusCode: 400, message: `${field}: ${issue.message}` };
    }
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const message =
        typeof response === 'string'
          ? response
          : ([] as unknown[])
              .concat((response as { message?: unknown }).message ?? exception.message)
              .join('; ');
      return { statusCode: exception.getStatus(), message };
    }
    const status = (exception as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // fastify's own errors (bad JSON, body too large) carry a 4xx status code.
      return { statusCode: status, message: (exception as Error).message };
    }
    if (isDependencyOutage(exception)) {
      this.logger.warn({ err: exception }, 'a dependency is unavailable');
      return { statusCode: 503, message: 'Service temporarily unavailable: a dependency cannot be reached' };
    }
    this.logger.error({ err: exception }, 'unhandled error');
    return { statusCode: 500, message: 'Internal server error' };
  }
}
