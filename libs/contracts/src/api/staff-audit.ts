import { staffPrincipalSchema } from './staff';
import { z } from 'zod';
import { intParam, optionalTextParam, strictParams } from './params';

/** The staff audit log (newsroom: GET /api/admin/audit, the /admin/audit screen; docs/admin.md 'Audit log'). */
export const STAFF_AUDIT_PATH = '/api/admin/audit';

export const STAFF_AUDIT_LIMITS = {
  action: 200,
  path: 2000,
  targetValue: 200,
  userAgent: 200,
  pageSize: 100,
  defaultPageSize: 30,
} as const;

const dateTime = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.iso
      .datetime({
        offset: true,
        error: `${field} must be an ISO 8601 date-time with a zone, e.g. 2026-03-02T00:00:00+09:00`,
      })
      .optional(),
  );

/** GET /api/admin/audit: newest first; every filter optional, `to` exclusive. */
export const staffAuditQuerySchema = strictParams({
  /** An account id or name (ADMIN_TOKEN for the shared token). */
  actor: optionalTextParam('actor', 200),
  /** An action exactly as listed, e.g. 'POST /api/ingestion/sources/:id/pause'. */
  action: optionalTextParam('action', STAFF_AUDIT_LIMITS.action),
  /** A path parameter's value, e.g. a source's id. */
  target: optionalTextParam('target', STAFF_AUDIT_LIMITS.targetValue),
  from: dateTime('from'),
  to: dateTime('to'),
  /** The previous page's nextCursor. */
  cursor: z
    .string({ error: () => 'cursor must be text' })
    .regex(/^[A-Za-z0-9_-]{1,400}$/, { error: 'cursor must be a nextCursor this route gave' })
    .optional(),
  limit: intParam('limit', { min: 1, max: STAFF_AUDIT_LIMITS.pageSize }).default(
    STAFF_AUDIT_LIMITS.defaultPageSize,
  ),
}).refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
  path: ['to'],
  error: 'to must be later than from',
});
export type StaffAuditQuery = z.output<typeof staffAuditQuerySchema>;

/** One recorded staff action as the audit log lists it. */
export const staffActionViewSchema = z
  .object({
    /** The event's id: one action, one entry, however often it was delivered. */
    id: z.string(),
    actor: staffPrincipalSchema,
    action: z.string(),
    service: z.string(),
    method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
    path: z.string(),
    target: z.record(z.string(), z.string()),
    status: z.number(),
    at: z.string(),
    address: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** Before and after where the route gave both (secrets removed); null otherwise. */
    change: z
      .object({
        before: z.unknown(),
        after: z.unknown(),
      })
      .nullable(),
  })
  .meta({ id: 'StaffActionView' });
export type StaffActionView = z.output<typeof staffActionViewSchema>;

export const staffAuditPageSchema = z
  .object({
    items: z.array(staffActionViewSchema),
    /** Pass as `cursor` for the next (older) page; null on the last one. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'StaffAuditPage' });
export type StaffAuditPage = z.output<typeof staffAuditPageSchema>;
