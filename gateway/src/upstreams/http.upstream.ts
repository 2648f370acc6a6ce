import type { HealthResult } from '@pulse/platform';
import { Pool } from 'undici';
import {
  isEventStream,
  readinessFrom,
  withoutHopByHop,
  type ForwardRequest,
  type ForwardResponse,
  type Upstream,
} from './upstream';

/** A service in its own process, reached over a pooled keep-alive connection. */
export class HttpUpstream implements Upstream {
  readonly adapterName = 'http';
  private readonly pool: Pool;

  constructor(
    readonly service: string,
    readonly prefixes: readonly string[],
    baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.pool = new Pool(baseUrl, {
      connections: 64,
      keepAliveTimeout: 30_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  async forward(request: ForwardRequest): Promise<ForwardResponse> {
    const response = await this.pool.request({
      method: request.method as 'GET',
      path: request.url,
      headers: withoutHopByHop(request.headers),
      body: request.body && request.body.length > 0 ? request.body : undefined,
    });
    if (isEventStream(response.headers))
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    const body = Buffer.from(await response.body.arrayBuffer());
    return { statusCode: response.statusCode, headers: response.headers, body };
  }

  async check(): Promise<HealthResult> {
    try {
      const response = await this.pool.request({
        method: 'GET',
        path: '/readyz',
        headersTimeout: 2000,
        bodyTimeout: 2000,
      });
      return readinessFrom(this.service, response.statusCode, await response.body.text());
    } catch (error) {
      return { ok: false, reason: `${this.service} unreachable: ${(error as Error).message}` };
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
