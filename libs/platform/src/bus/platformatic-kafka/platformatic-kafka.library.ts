import type * as PlatformaticKafka from '@platformatic/kafka';

export type PlatformaticKafkaLibrary = typeof PlatformaticKafka;

/** The oldest Node that @platformatic/kafka supports (its `engines`). */
const MIN_NODE_MAJOR = 22;

let library: Promise<PlatformaticKafkaLibrary> | undefined;

/**
 * @platformatic/kafka is loaded on first use, not when this module is imported: it is an ES module
 * for Node ≥ 22, and a service that runs kafkajs (or the in-process bus) must start on any Node we
 * support without touching it.
 */
export function loadPlatformaticKafka(): Promise<PlatformaticKafkaLibrary> {
  library ??= (async () => {
    assertSupportedNode(process.versions.node);
    return import('@platformatic/kafka');
  })().catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

export function assertSupportedNode(version: string): void {
  const major = Number(version.split('.')[0]);
  if (major < MIN_NODE_MAJOR)
    throw new Error(
      `KAFKA_CLIENT=platformatic needs Node ${MIN_NODE_MAJOR} or later (this is Node ${version}); use KAFKA_CLIENT=kafkajs`,
    );
}
