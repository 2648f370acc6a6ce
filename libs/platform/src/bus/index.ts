export * from './bus.port';
export { createEnvelope, type NewEnvelope } from './create-envelope';
export { DLT_HEADERS, readDeadLetter } from './dead-letter';
export { DEFAULT_PROCESSED_IDS_WINDOW, FileProcessedIds, MemoryProcessedIds, type ProcessedIds } from './processed-ids';
export { InProcessEventBus, type InProcessBusOptions } from './in-process.bus';
