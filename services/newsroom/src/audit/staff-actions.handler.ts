import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { TOPICS, type EventEnvelope, type StaffActionRecordedPayload } from '@pulse/contracts';
import { StaffAuditService } from './staff-audit.service';

/** every service → newsroom: a staff action for the audit log. The bus has validated the payload. */
@Controller()
export class StaffActionsHandler {
  constructor(private readonly audit: StaffAuditService) {}

  @EventPattern<string>(TOPICS.staffActionRecorded)
  async onRecorded(@Payload() event: EventEnvelope<StaffActionRecordedPayload>): Promise<void> {
    await this.audit.keep(event.id, event.payload);
  }
}
