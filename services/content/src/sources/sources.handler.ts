import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { TOPICS, type EventEnvelope, type SourceUpdatedPayload } from '@pulse/contracts';
import { SourcesService } from './sources.service';

/** ingestion → content: the source catalogue. The bus has validated the payload. */
@Controller()
export class SourcesHandler {
  constructor(private readonly sources: SourcesService) {}

  @EventPattern<string>(TOPICS.sourceUpdated)
  async onSourceUpdated(@Payload() event: EventEnvelope<SourceUpdatedPayload>): Promise<void> {
    await this.sources.onSourceUpdated(event.payload);
  }
}
