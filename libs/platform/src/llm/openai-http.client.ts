import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import {
  createCircuitBreaker,
  createConcurrencyLimit,
  retryPolicy,
  type CircuitBreaker,
  type ConcurrencyLimit,
  type RetryPolicy,
} from '../resilience';
import { LlmError } from './llm.errors';
import { isRetryableStatus, retryAfterMs } from './retry-policy';

export interface OpenAiHttpOptions {
  /** e.g. https://api.openai.com/v1; paths are appended to it. */
  baseUrl: string;
  apiKey?: string;
  /** Per attempt, not for the whole call with its retries. */
  timeoutMs: number;
  maxRetries: number;
  logger: Logger;
  /** First backoff step; doubles per retry, up to 8 s. */
  retryBaseDelayMs?: number;
  /** Longest Retry-After honoured. A server asking for more gets its error back at once instead. */
  maxRetryDelayMs?: number;
  /** Failed calls in a row (after their retries) that stop calling the API for breakerCoolDownMs. */
  breakerFailures?: number;
  breakerCoolDownMs?: number;
  /**
   * Calls in flight at once from this client (a stream counts until it ends); the rest wait. A consumer
   * handles each of its partitions at once, so without it the partition count would set the load on the
   * provider.
   */
  maxConcurrency?: number;
}

const BACKOFF_CAP_MS = 8_000;
const DEFAULT_BREAKER_FAILURES = 5;
const DEFAULT_BREAKER_COOL_DOWN_MS = 30_000;
const DEFAULT_MAX_CONCURRENCY = 8;

const excerpt = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}…` : text);

/** A failure that says the API is down or overloaded, as opposed to our bad request or the caller's abort. */
const isTransient = (error: unknown) => error instanceof LlmError && error.retryable;

/**
 * POSTs JSON to an OpenAI-compatible API with a per-attempt timeout, retries, and a circuit breaker around
 * each call with its retries. Its own connection pool, so close() leaves no sockets behind.
 */
export class OpenAiHttpClient {
  private readonly agent = new Agent({ keepAliveTimeout: 10_000 });
  private readonly baseUrl: string;
  private readonly retries: RetryPolicy;
  private readonly breaker: CircuitBreaker;
  private readonly slots: ConcurrencyLimit;

  constructor(private readonly options: OpenAiHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.slots = createConcurrencyLimit(options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY);
    const maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.retries = retryPolicy({
      maxRetries: options.maxRetries,
      // A Retry-After longer than we will wait is answered at once; the caller decides what to do later.
      retryOn: (error) => isTransient(error) && ((error as LlmError).retryAfterMs ?? 0) <= maxRetryDelayMs,
      backoff: { initialMs: options.retryBaseDelayMs ?? 500, maxMs: BACKOFF_CAP_MS, jitter: 'equal' },
      requestedDelayMs: (error) => (error as LlmError).retryAfterMs,
      onRetry: ({ error, attempt, delayMs }) => {
        const failure = error as LlmError;
        options.logger.warn(
          { attempt, status: failure.status, code: failure.code, waitMs: Math.round(delayMs) },
          'LLM request failed; retrying',
        );
      },
    });
    const failures = options.breakerFailures ?? DEFAULT_BREAKER_FAILURES;
    const coolDownMs = options.breakerCoolDownMs ?? DEFAULT_BREAKER_COOL_DOWN_MS;
    this.breaker = createCircuitBreaker({
      failures,
      coolDownMs,
      countsAsFailure: isTransient,
      openError: () =>
        new LlmError(
          `LLM API at ${this.host} unavailable: ${failures} calls in a row failed; not called again for up to ${coolDownMs} ms`,
          'unavailable',
          false,
        ),
    });
  }

  /** closed, open (calls refused at once) or half-open (one trial call decides); for check() and /readyz. */
  get circuit(): CircuitBreaker['state'] {
    return this.breaker.state;
  }

  get host(): string {
    return new URL(this.baseUrl).host;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** Calls in flight and waiting for a slot (maxConcurrency), for check() and tests. */
  get load(): { active: number; waiting: number } {
    return { active: this.slots.active, waiting: this.slots.waiting };
  }

  async postJson(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const release = await this.slot(signal);
    try {
      return await this.withRetries(path, signal, () => this.attempt(path, body, signal));
    } finally {
      release();
    }
  }

  /**
   * POSTs a request for a server-sent event stream and yields each event's `data` as it arrives. Only the
   * connection and the status are retried: once the first event is read, a failure ends the stream with an
   * LlmError, since replaying it would repeat text the caller has already shown. The timeout counts per
   * attempt until the status arrives, then between events.
   */
  async *postStream(path: string, body: unknown, signal?: AbortSignal): AsyncGenerator<string> {
    const release = await this.slot(signal);
    let opened: Awaited<ReturnType<typeof request>>;
    try {
      opened = await this.withRetries(path, signal, () => this.open(path, body, signal));
    } catch (error) {
      release();
      throw error;
    }
    const decoder = new TextDecoder();
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    try {
      for await (const chunk of opened.body) {
        parser.feed(decoder.decode(chunk as Buffer, { stream: true }));
        for (const event of events.splice(0)) if (event.data) yield event.data;
      }
    } catch (error) {
      if (signal?.aborted)
        throw new LlmError('LLM request aborted by the caller', 'aborted', false, { cause: error });
      throw new LlmError(`LLM stream broke off: ${(error as Error).message}`, 'network', false, {
        cause: error,
      });
    } finally {
      opened.body.destroy();
      release();
    }
  }

  /** A slot under maxConcurrency; a caller that aborts while waiting gets the usual 'aborted' error. */
  private async slot(signal?: AbortSignal): Promise<() => void> {
    try {
      return await this.slots.acquire(signal);
    } catch (error) {
      throw new LlmError('LLM request aborted by the caller', 'aborted', false, { cause: error });
    }
  }

  private async withRetries<T>(
    path: string,
    signal: AbortSignal | undefined,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await this.breaker.execute(() =>
        this.retries.execute(
          (attempt) =>
            run().catch((error: unknown) => {
              if (error instanceof LlmError) error.attempts = attempt;
              throw error;
            }),
          signal,
        ),
      );
    } catch (error) {
      // An abort answers with the signal's reason at once, even in a wait between attempts.
      if (signal?.aborted && !(error instanceof LlmError && error.code === 'aborted'))
        throw new LlmError('LLM request aborted by the caller', 'aborted', false, { cause: error });
      throw error;
    }
  }

  /** One attempt at opening a stream: the status is checked, the body is left unread for the caller. */
  private async open(path: string, body: unknown, signal?: AbortSignal) {
    const idle = this.options.timeoutMs;
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: this.headers('text/event-stream'),
        body: JSON.stringify(body),
        signal,
        headersTimeout: idle,
        bodyTimeout: idle,
        dispatcher: this.agent,
      });
    } catch (error) {
      if (signal?.aborted)
        throw new LlmError('LLM request aborted by the caller', 'aborted', false, { cause: error });
      const code = (error as { code?: string }).code;
      if (code === 'UND_ERR_HEADERS_TIMEOUT')
        throw new LlmError(`LLM request timed out after ${idle} ms`, 'timeout', true, { cause: error });
      throw new LlmError(`LLM request failed: ${(error as Error).message}`, 'network', true, {
        cause: error,
      });
    }
    if (response.statusCode >= 400) {
      const text = await response.body.text().catch(() => '');
      const message = readErrorMessage(text);
      throw new LlmError(
        `LLM API answered ${response.statusCode}${message ? `: ${message}` : ''}`,
        'http',
        isRetryableStatus(response.statusCode),
        { status: response.statusCode, retryAfterMs: retryAfterMs(response.headers), body: excerpt(text) },
      );
    }
    return response;
  }

  private headers(accept: string): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    return headers;
  }

  private async attempt(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const headers = this.headers('application/json');
    let status: number;
    let text: string;
    let responseHeaders: Record<string, string | string[] | undefined>;
    try {
      const response = await request(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        dispatcher: this.agent,
      });
      status = response.statusCode;
      responseHeaders = response.headers;
      text = await response.body.text();
    } catch (error) {
      if (signal?.aborted)
        throw new LlmError('LLM request aborted by the caller', 'aborted', false, { cause: error });
      if (timeout.aborted) {
        throw new LlmError(`LLM request timed out after ${this.options.timeoutMs} ms`, 'timeout', true, {
          cause: error,
        });
      }
      throw new LlmError(`LLM request failed: ${(error as Error).message}`, 'network', true, {
        cause: error,
      });
    }
    if (status >= 400) {
      const message = readErrorMessage(text);
      throw new LlmError(
        `LLM API answered ${status}${message ? `: ${message}` : ''}`,
        'http',
        isRetryableStatus(status),
        {
          status,
          retryAfterMs: retryAfterMs(responseHeaders),
          body: excerpt(text),
        },
      );
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new LlmError(`LLM API answered ${status} with a body that is not JSON`, 'bad_response', false, {
        status,
        body: excerpt(text),
        cause: error,
      });
    }
  }
}

/** OpenAI-style `{ error: { message } }`, else nothing (the body excerpt is kept on the error). */
function readErrorMessage(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    if (typeof parsed.error === 'string') return parsed.error;
    return typeof parsed.error?.message === 'string' ? parsed.error.message : undefined;
  } catch {
    return undefined;
  }
}
