import { BaseRpcContext } from '@nestjs/microservices';
import type { EventBatchContext, EventContext } from '../bus.port';

/** What `@Ctx()` gives an `@EventPattern` handler: the bus's delivery context (attempt, signal, heartbeat…). */
export class PulseBusContext extends BaseRpcContext<[EventContext]> {
  get delivery(): EventContext {
    return this.args[0];
  }
}

/** What `@Ctx()` gives a batch handler (`@EventPattern<string>(TOPIC, { batch: {…} })`): the batch's delivery context. */
export class PulseBusBatchContext extends BaseRpcContext<[EventBatchContext]> {
  get delivery(): EventBatchContext {
    return this.args[0];
  }
}
