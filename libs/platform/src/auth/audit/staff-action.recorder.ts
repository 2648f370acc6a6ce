import { Inject, Injectable, Optional, type ExecutionContext, type OnModuleInit } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import {
  STAFF_AUDIT_LIMITS,
  TOPICS,
  type StaffActionRecordedPayload,
  type StaffPrincipal,
} from '@pulse/contracts';
import type { Logger } from 'pino';
import { CLOCK, isoNow, systemClock, type Clock } from '../../clock';
import { DOCUMENT_STORE, LOGGER, OUTBOX, SERVICE_NAME } from '../../nest/tokens';
import type { OutboxWriter } from '../../outbox/outbox.writer';
import type { DocumentStore } from '../../store/store.port';
import { StaffActionOutboxRepository } from './staff-action-outbox.repository';
import { AUDIT_ACTION_KEY, type AuditTrail } from './staff-audit';
import { isSecretField, withoutSecrets } from './without-secrets';

/** The methods that change something; reads are not audited. */
export const CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A before/after larger than this is recorded as omitted rather than bloating every copy of the log. */
const MAX_CHANGE_CHARS = 16_000;

interface RecordedRequest {
  method: string;
  url: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
  params?: unknown;
  routeOptions?: { url?: string };
}

const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

/**
 * Turns one staff request and its outcome into a `staff.action.recorded` event and writes it through the
 * service's outbox (StaffActionOutboxRepository), so it reaches the newsroom service's audit log even
 * across a crash or a bus outage. A service without the bus has no outbox: its actions go to its log
 * only, which docs/admin.md 'Audit log' names.
 */
@Injectable()
export class StaffActionRecorder implements OnModuleInit {
  private readonly pending?: StaffActionOutboxRepository;
  private clock: Clock = systemClock;

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(OUTBOX) private readonly outbox?: OutboxWriter,
    @Optional() @Inject(DOCUMENT_STORE) store?: DocumentStore,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {
    if (outbox && store) this.pending = new StaffActionOutboxRepository(store, outbox);
  }

  /** The service's own Clock: provided by its feature module, so looked up app-wide once all exist. */
  onModuleInit(): void {
    try {
      this.clock = this.moduleRef.get<Clock>(CLOCK, { strict: false });
    } catch {
      // A service without a Clock provider of its own runs on the system clock.
    }
  }

  /**
   * Records a changing request of `staff` that answered `status`. Never throws: the action already
   * happened (or was refused), and failing its answer now would only make the editor repeat it.
   */
  async record(
    context: ExecutionContext,
    staff: StaffPrincipal,
    status: number,
    trail: AuditTrail = {},
  ): Promise<void> {
    const request = context.switchToHttp().getRequest<RecordedRequest>();
    const method = request.method.toUpperCase();
    if (!CHANGING_METHODS.has(method)) return;
    let payload: StaffActionRecordedPayload | undefined;
    try {
      payload = this.payloadOf(context, request, method, staff, status, trail);
      if (!this.pending || !this.outbox) {
        this.logger?.info({ staffAction: payload }, 'staff action recorded in the log only: no outbox');
        return;
      }
      await this.pending.add(
        this.outbox.event(TOPICS.staffActionRecorded, payload),
        payload.at,
        this.clock.now(),
      );
    } catch (error) {
      this.logger?.error({ err: error, staffAction: payload }, 'staff action could not be recorded');
    }
  }

  private payloadOf(
    context: ExecutionContext,
    request: RecordedRequest,
    method: string,
    staff: StaffPrincipal,
    status: number,
    trail: AuditTrail,
  ): StaffActionRecordedPayload {
    const target: Record<string, string> = {};
    let path = request.url.split('?')[0];
    for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
      if (typeof value !== 'string' || value === '') continue;
      // A path parameter named like a secret stays out of the record, and out of the path too.
      if (isSecretField(name)) path = path.replace(value, `:${name}`);
      else target[cut(name, 50)] = cut(value, STAFF_AUDIT_LIMITS.targetValue);
    }
    const named = this.reflector.getAllAndOverride<string | undefined>(AUDIT_ACTION_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const template = request.routeOptions?.url ?? path;
    const userAgent = request.headers['user-agent'];
    return {
      actor: { id: staff.id, name: staff.name, role: staff.role, via: staff.via },
      action: cut(named ?? `${method} ${template}`, STAFF_AUDIT_LIMITS.action),
      service: this.service,
      method: method as StaffActionRecordedPayload['method'],
      path: cut(path, STAFF_AUDIT_LIMITS.path),
      target,
      status,
      at: isoNow(this.clock),
      address: request.ip ? cut(request.ip, 100) : null,
      userAgent: typeof userAgent === 'string' ? cut(userAgent, STAFF_AUDIT_LIMITS.userAgent) : null,
      ...(trail.change ? { change: changeOf(trail.change) } : {}),
    };
  }
}

function changeOf(change: { before: unknown; after: unknown }): { before: unknown; after: unknown } {
  const kept = { before: withoutSecrets(change.before), after: withoutSecrets(change.after) };
  if (JSON.stringify(kept).length <= MAX_CHANGE_CHARS) return kept;
  const omitted = `omitted: larger than ${MAX_CHANGE_CHARS} characters`;
  return { before: omitted, after: omitted };
}
