import type { HealthResult } from '@pulse/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  acceptsEventStream,
  readinessFrom,
  withoutHopByHop,
  type ForwardRequest,
  type ForwardResponse,
  type Upstream,
} from './upstream';

/**
 * Embedded mode: the service's Nest app lives in this process and is called through fastify's request
 * injection, so the whole site answers on one port with no loopback sockets between its parts.
 */
export class InProcessUpstream implements Upstream {
  readonly adapterName = 'in-process';

  constructor(
    readonly service: string,
    readonly prefixes: readonly string[],
    private readonly app: NestFastifyApplication,
  ) {}

  async forward(request: ForwardRequest): Promise<ForwardResponse> {
    const response = await this.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: request.method as 'GET',
        url: request.url,
        headers: withoutHopByHop(request.headers),
        payload: request.body && request.body.length > 0 ? request.body : undefined,
        // Resolves at the headers with the body as a stream, so server-sent events pass as written.
        payloadAsStream: acceptsEventStream(request.headers),
      });
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [
        name,
        typeof value === 'number' ? String(value) : value,
      ]),
    );
    const body = acceptsEventStream(request.headers) ? response.stream() : response.rawPayload;
    return { statusCode: response.statusCode, headers, body };
  }

  async check(): Promise<HealthResult> {
    const response = await this.app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/readyz' });
    return readinessFrom(this.service, response.statusCode, response.body);
  }

  /** The embedded launcher owns the app and closes it. */
  async close(): Promise<void> {}
}
