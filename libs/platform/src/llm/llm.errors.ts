export type LlmErrorCode =
  /** The server answered with an HTTP error status (see `status`). */
  | 'http'
  /** No answer within LLM_TIMEOUT_MS. */
  | 'timeout'
  /** Connection refused, reset or dropped. */
  | 'network'
  /** The circuit is open: the last calls failed in a row, so none is made until the cool-down ends. */
  | 'unavailable'
  /** The caller's signal aborted the call. */
  | 'aborted'
  /** A structured-output reply that is not JSON. */
  | 'malformed_output'
  /** The model declined to answer. */
  | 'refused'
  /** A 2xx answer without the expected shape. */
  | 'bad_response';

/** Any failed call to a configured LLM or image API. */
export class LlmError extends Error {
  /** How many HTTP attempts were made before giving up. */
  attempts = 1;
  readonly status?: number;
  /** What the server asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs?: number;
  /** The start of the server's reply, for the log. */
  readonly body?: string;

  constructor(
    message: string,
    readonly code: LlmErrorCode,
    readonly retryable: boolean,
    details: { status?: number; retryAfterMs?: number; body?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'LlmError';
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.body = details.body;
  }
}

/**
 * Thrown by the `off` adapters: no LLM is configured, so nothing is generated — and nothing is faked.
 * Callers catch it to fall back (e.g. store the English original as translationStatus: pending).
 */
export class LlmDisabledError extends Error {
  constructor(readonly variable: 'LLM_BASE_URL' | 'IMAGE_MODEL') {
    super(
      variable === 'LLM_BASE_URL'
        ? 'LLM이 설정되지 않았습니다 (LLM_BASE_URL) — LLM is not configured: set LLM_BASE_URL and LLM_MODEL to enable it.'
        : '이미지 생성이 설정되지 않았습니다 (IMAGE_MODEL) — image generation is not configured: set LLM_BASE_URL and IMAGE_MODEL to enable it.',
    );
    this.name = 'LlmDisabledError';
  }
}
