import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import { LlmError } from './llm.errors';
import { backoffMs, delay, isRetryableStatus, retryAfterMs } from './retry-policy';

export interface OpenAiHttpOptions {
  /** e.g. https://api.openai.com/v1; paths are appended to it. */
  baseUrl: string;
  apiKey?: string;
  /** Per attempt, not for the whole call with its retries. */
  timeoutMs: number;
  maxRetries: number;
  logger: Logger;
  /** First backoff step; doubles per retry. */
  retryBaseDelayMs?: number;
  /** Longest wait between attempts. A server asking for more (Retry-After) gets an error back instead. */
  maxRetryDelayMs?: number;
}

const excerpt = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}…` : text);

/**
 * POSTs JSON to an OpenAI-compatible API with a per-attempt timeout and retries. Its own connection
 * pool, so close() leaves no sockets behind.
 */
export class OpenAiHttpClient {
  private readonly agent = new Agent({ keepAliveTimeout: 10_000 });
  private readonly baseUrl: string;

  constructor(private readonly options: OpenAiHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  get host(): string {
    return new URL(this.baseUrl).host;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  async postJson(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    return this.withRetries(path, signal, () => this.attempt(path, body, signal));
  }

  /**
   * POSTs a request for a server-sent event stream and yields each event's `data` as it arrives. Only the
   * connection and the status are retried: once the first event is read, a failure ends the stream with an
   * LlmError, since replaying it would repeat text the caller has already shown. The timeout counts per
   * attempt until the status arrives, then between events.
   */
  async *postStream(path: string, body: unknown, signal?: AbortSignal): AsyncGenerator<string> {
    const opened = await this.withRetries(path, signal, () => this.open(path, body, signal));
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of opened.body) {
        buffered += decoder.decode(chunk as Buffer, { stream: true });
        let end: number;
        while ((end = buffered.search(/\r?\n\r?\n/)) >= 0) {
          const event = buffered.slice(0, end);
          buffered = buffered.slice(end).replace(/^\r?\n\r?\n/, '');
          const data = event
            .split(/\r?\n/)
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n');
          if (data) yield data;
        }
      }
    } catch (error) {
      if (signal?.aborted)
        throw new LlmError('LLM request aborted by the caller', 'aborted', false, { cause: error });
      throw new LlmError(`LLM stream broke off: ${(error as Error).message}`, 'network', false, {
        cause: error,
      });
    } finally {
      opened.body.destroy();
    }
  }

  private async withRetries<T>(
    path: string,
    signal: AbortSignal | undefined,
    run: () => Promise<T>,
  ): Promise<T> {
    const { maxRetries, logger } = this.options;
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const failure = error as LlmError;
        failure.attempts = attempt + 1;
        if (!failure.retryable || attempt >= maxRetries) throw failure;
        const wait = failure.retryAfterMs ?? backoffMs(attempt, this.options.retryBaseDelayMs ?? 500, 8_000);
        if (wait > (this.options.maxRetryDelayMs ?? 60_000)) throw failure;
        logger.warn(
          {
            path,
            attempt: attempt + 1,
            status: failure.status,
            code: failure.code,
            waitMs: Math.round(wait),
          },
          'LLM request failed; retrying',
        );
        try {
          await delay(wait, signal);
        } catch {
          throw new LlmError('LLM request aborted by the caller', 'aborted', false, {
            cause: signal?.reason,
          });
        }
      }
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
