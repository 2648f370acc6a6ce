import type { z } from 'zod';

/**
 * One integration event (docs/design.md §4): its topic, the payload version, the payload schema, and how to derive
 * the envelope key (the aggregate id, which is also the Kafka partition key, so one aggregate's events stay
 * in order).
 */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  topic: T;
  version: number;
  schema: S;
  partitionKey: (payload: z.output<S>) => string;
}

export const defineEvent = <const T extends string, S extends z.ZodType>(
  definition: EventDefinition<T, S>,
): Readonly<EventDefinition<T, S>> => Object.freeze(definition);
