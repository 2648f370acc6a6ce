import type * as KafkaJs from 'kafkajs';

export type KafkaJsLibrary = typeof KafkaJs;

/**
 * kafkajs, loaded when a kafkajs bus is first built rather than when the platform is imported, so a
 * process on the in-process bus or the other client never loads it (ARCHITECTURE.md 'The embedded
 * store's memory'). `require`, not `import()`: on demand all the same, and synchronous, as the bus's
 * constructor needs it.
 */
export function loadKafkaJs(): KafkaJsLibrary {
  return require('kafkajs') as KafkaJsLibrary;
}
