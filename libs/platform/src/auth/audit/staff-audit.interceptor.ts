import {
  HttpException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { StaffPrincipal } from '@pulse/contracts';
import { Observable, catchError, mergeMap } from 'rxjs';
import { ZodError } from 'zod';
import { isDependencyOutage } from '../../bus/core/dependency-outage';
import { CHANGING_METHODS, StaffActionRecorder } from './staff-action.recorder';
import { auditTrails, type AuditTrail } from './staff-audit';

/** The status the error filter will answer for `error` (nest/http-exception.filter.ts). */
function statusOfError(error: unknown): number {
  if (error instanceof ZodError) return 400;
  if (error instanceof HttpException) return error.getStatus();
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return status;
  return isDependencyOutage(error) ? 503 : 500;
}

/**
 * Records every changing request (POST, PUT, PATCH, DELETE) that AdminGuard admitted, once the handler
 * has answered, whatever it answered. Registered app-wide by AdminAuthModule; a request AdminGuard did
 * not admit has no `request.staff` and passes untouched (the guard records a role's refusal itself,
 * since a guard's refusal never reaches an interceptor).
 */
@Injectable()
export class StaffAuditInterceptor implements NestInterceptor {
  constructor(private readonly recorder: StaffActionRecorder) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<{ method: string; staff?: StaffPrincipal }>();
    const staff = request.staff;
    if (!staff || !CHANGING_METHODS.has(request.method.toUpperCase())) return next.handle();
    const trail: AuditTrail = {};
    const reply = context.switchToHttp().getResponse<{ statusCode: number }>();
    // The handler runs inside the trail, so StaffAudit.change() from it or its services lands here.
    return new Observable((subscriber) =>
      auditTrails.run(trail, () =>
        next
          .handle()
          .pipe(
            mergeMap(async (value: unknown) => {
              await this.recorder.record(context, staff, reply.statusCode, trail);
              return value;
            }),
            catchError(async (error: unknown) => {
              await this.recorder.record(context, staff, statusOfError(error), trail);
              throw error;
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
