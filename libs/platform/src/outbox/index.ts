export { OUTBOX_FIELD, excludeOutbox, withoutOutbox, type WithOutbox } from './outbox-field';
export { documentWithEvents, updateWithEvents } from './outbox-write';
export { OUTBOX_INDEX } from './pending-events.query';
export { OutboxRelay, type OutboxRelayOptions } from './outbox.relay';
export { OutboxWriter } from './outbox.writer';
export { createOutbox, type Outbox } from './create-outbox';
export { outboxProviders } from './nest/outbox.providers';
