import type { DeadLetterInfo } from '../bus.port';

/**
 * A dead-lettered record keeps its original key, value and headers and gains these headers, so an
 * operator (or a replay tool) sees why it failed without a wrapper to unwrap. Same names on every adapter.
 */
export const DLT_HEADERS = {
  errorMessage: 'pulse-dlt-error-message',
  errorStack: 'pulse-dlt-error-stack',
  attempts: 'pulse-dlt-attempts',
  originalTopic: 'pulse-dlt-original-topic',
  originalPartition: 'pulse-dlt-original-partition',
  originalOffset: 'pulse-dlt-original-offset',
  group: 'pulse-dlt-group',
  failedAt: 'pulse-dlt-failed-at',
} as const;

// Kafka's default max message size is 1 MB; a deep stack must not make the DLT write itself fail.
const MAX_MESSAGE = 2_000;
const MAX_STACK = 8_000;

export function errorOf(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (error && typeof error === 'object' && 'message' in error) return { message: String(error.message) };
  return { message: String(error) };
}

export function deadLetterHeaders(info: DeadLetterInfo): Record<string, string> {
  const headers: Record<string, string> = {
    [DLT_HEADERS.errorMessage]: info.error.message.slice(0, MAX_MESSAGE),
    [DLT_HEADERS.attempts]: String(info.attempts),
    [DLT_HEADERS.originalTopic]: info.originalTopic,
    [DLT_HEADERS.originalPartition]: String(info.originalPartition),
    [DLT_HEADERS.originalOffset]: info.originalOffset,
    [DLT_HEADERS.group]: info.group,
    [DLT_HEADERS.failedAt]: info.failedAt,
  };
  if (info.error.stack) headers[DLT_HEADERS.errorStack] = info.error.stack.slice(0, MAX_STACK);
  return headers;
}

export function readDeadLetter(headers: Readonly<Record<string, string>>): DeadLetterInfo | undefined {
  const message = headers[DLT_HEADERS.errorMessage];
  if (message === undefined) return undefined;
  return {
    error: { message, stack: headers[DLT_HEADERS.errorStack] },
    attempts: Number(headers[DLT_HEADERS.attempts] ?? 0),
    originalTopic: headers[DLT_HEADERS.originalTopic] ?? '',
    originalPartition: Number(headers[DLT_HEADERS.originalPartition] ?? -1),
    originalOffset: headers[DLT_HEADERS.originalOffset] ?? '',
    group: headers[DLT_HEADERS.group] ?? '',
    failedAt: headers[DLT_HEADERS.failedAt] ?? '',
  };
}
