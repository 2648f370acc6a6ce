import { BaseRpcContext } from '@nestjs/microservices';
import type { EventContext } from '../bus.port';

/** What `@Ctx()` gives an `@EventPattern` handler: the bus's delivery context (attempt, signal, heartbeat…). */
export class PulseBusContext extends BaseRpcContext<[EventContext]> {
  get delivery(): EventContext {
    return this.args[0];
  }
}
