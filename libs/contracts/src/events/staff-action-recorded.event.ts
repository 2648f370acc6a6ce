import { z } from 'zod';
import { STAFF_AUDIT_LIMITS } from '../api/staff-audit';
import { STAFF_ROLES } from '../api/staff';
import { defineEvent } from './define-event';
import { isoDateTime } from './shared-schemas';

/**
 * any service → newsroom: a staff member (or the shared ADMIN_TOKEN) asked an admin route to change
 * something, and this is what it answered. Written through the producing service's outbox in the same
 * process that answered, so a crash or a bus outage loses none; newsroom keeps them for the audit log.
 * Failed attempts are recorded too (a moderator's 403 is what an owner wants to see).
 *
 * NEVER rename this topic or change this payload in place: a breaking change gets
 * 'staff.action.recorded.v2' beside it.
 */
export const STAFF_ACTION_RECORDED_TOPIC = 'staff.action.recorded';
export const STAFF_ACTION_RECORDED_VERSION = 1;

const text = (max: number) => z.string().max(max);

export const staffActionRecordedPayloadSchema = z.object({
  actor: z.object({
    id: z.string().min(1).max(200),
    name: z.string().min(1).max(200),
    role: z.enum(STAFF_ROLES),
    via: z.enum(['session', 'token']),
  }),
  /** The route's method and path template ('PATCH /api/ingestion/sources/:id') or its @AuditAction name. */
  action: z.string().min(1).max(STAFF_AUDIT_LIMITS.action),
  /** The service that answered. */
  service: z.string().min(1).max(50),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  /** The path as called, without its query string. */
  path: text(STAFF_AUDIT_LIMITS.path),
  /** The route's path parameters (`{ id: 'openai-blog' }`): what the action was done to. */
  target: z.record(z.string().max(50), text(STAFF_AUDIT_LIMITS.targetValue)),
  /** The status code answered: 2xx done, 4xx refused (403 a role without the right), 5xx failed. */
  status: z.number().int().min(100).max(599),
  at: isoDateTime,
  /** The client address the gateway forwarded, and the browser's user agent (truncated). */
  address: text(100).nullable(),
  userAgent: text(STAFF_AUDIT_LIMITS.userAgent).nullable(),
  /** Before and after, where the handler had both; secrets (password, token, totp…) already removed. */
  change: z.object({ before: z.unknown(), after: z.unknown() }).optional(),
});
export type StaffActionRecordedPayload = z.output<typeof staffActionRecordedPayloadSchema>;

export const staffActionRecordedEvent = defineEvent({
  topic: STAFF_ACTION_RECORDED_TOPIC,
  version: STAFF_ACTION_RECORDED_VERSION,
  schema: staffActionRecordedPayloadSchema,
  // One member's actions stay in order.
  partitionKey: (payload) => payload.actor.id,
});
