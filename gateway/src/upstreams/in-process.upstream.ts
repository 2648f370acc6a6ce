import type { HealthResult } from '@pulse/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { dispatch, type Routing } from './in-process.dispatch';
import {
  acceptsEventStream,
  readinessFrom,
  withoutHopByHop,
  type ForwardRequest,
  type ForwardResponse,
  type Upstream,
} from './upstream';

/** Methods whose requests carry no body: handed straight to the service's router (in-process.dispatch.ts). */
const BODILESS = new Set(['GET', 'HEAD']);

/**
 * Embedded mode: the service's Nest app lives in this process, so the whole site answers on one port with
 * no loopback sockets between its parts. Reads (GET, HEAD) are handed to the service's router directly;
 * writes, whose bodies fastify parses from a stream, and server-sent events go through fastify's request
 * injection.
 */
export class InProcessUpstream implements Upstream {
  readonly adapterName = 'in-process';

  private readonly routing: Routing;

  constructor(
    readonly service: string,
    readonly prefixes: readonly string[],
    private readonly app: NestFastifyApplication,
    /** Sent with readiness checks, so the service's /readyz says 'degraded' and why (health.controller.ts). */
    private readonly adminToken?: string,
  ) {
    this.routing = app.getHttpAdapter().getInstance().routing as unknown as Routing;
  }

  async forward(request: ForwardRequest): Promise<ForwardResponse> {
    const streamed = acceptsEventStream(request.headers);
    if (!streamed && BODILESS.has(request.method.toUpperCase()) && !(request.body && request.body.length > 0))
      return dispatch(this.routing, request, withoutHopByHop(request.headers));
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
    const response = await this.app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'GET',
        url: '/readyz',
        headers: this.adminToken ? { authorization: `Bearer ${this.adminToken}` } : {},
      });
    return readinessFrom(this.service, response.statusCode, response.body);
  }

  /** The embedded launcher owns the app and closes it. */
  async close(): Promise<void> {}
}
