import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, SetMetadata } from '@nestjs/common';

/** What a handler adds to its own audit record while it runs. */
export interface AuditTrail {
  change?: { before: unknown; after: unknown };
}

/** One trail per recorded request: the interceptor opens it around the handler. */
export const auditTrails = new AsyncLocalStorage<AuditTrail>();

/**
 * The request's audit record, as far as a handler or service adds to it: `change(before, after)` where
 * it has both at hand (a source before and after a pause). Outside a staff request that is recorded it
 * does nothing, so a service calls it without knowing whether an HTTP request, an event or a scheduled
 * job brought it there.
 */
@Injectable()
export class StaffAudit {
  change(before: unknown, after: unknown): void {
    const trail = auditTrails.getStore();
    if (trail) trail.change = { before, after };
  }
}

export const AUDIT_ACTION_KEY = 'pulse:audit-action';

/**
 * A stable name for a route's audit entries ('source.pause') instead of its method and path template,
 * for a route whose path may move while the action stays the same.
 */
export const AuditAction = (name: string) => SetMetadata(AUDIT_ACTION_KEY, name);
