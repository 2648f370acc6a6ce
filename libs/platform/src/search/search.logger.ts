import type { Logger } from 'pino';

/** The slice of the platform's pino logger the search adapters use; tests can pass a stub. */
export type SearchLogger = Pick<Logger, 'info' | 'warn'>;
