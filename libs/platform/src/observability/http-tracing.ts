import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pulseMetrics } from './metrics';
import { unrecordedSpan } from './telemetry';

/**
 * Each traced request's span and route template (fastify builds a new routeOptions object per read), as a
 * request decoration: a WeakMap beside the requests cost more than the rest of this hook together.
 */
const TRACED = Symbol('pulse.traced');

type TracedRequest = FastifyRequest & { [TRACED]: { span: Span; route: string | undefined } | null };

/** Probes hit these every few seconds; a span each would drown the useful ones. */
const UNTRACED = /^\/(healthz|readyz)(\?|$)/;

/**
 * One server span per request, child of the caller's `traceparent`, active while the route runs, so
 * logs, outgoing calls and published events of that request join the caller's trace; and its duration
 * in the `http.server.request.duration` histogram, by route template (never the raw path, whose ids would
 * make a series per article) and status.
 */
export function registerHttpTracing(fastify: FastifyInstance): void {
  fastify.decorateRequest(TRACED, null);
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (UNTRACED.test(request.url)) return done();
    // Nothing to extract from a request without the propagators' headers: most readers send none.
    const parent = carriesTraceContext(request.headers)
      ? propagation.extract(ROOT_CONTEXT, request.headers)
      : ROOT_CONTEXT;
    const route = request.routeOptions.url;
    const span = unrecordedSpan(parent) ?? serverSpan(request, route, parent);
    (request as TracedRequest)[TRACED] = { span, route };
    context.with(trace.setSpan(parent, span), done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const entry = (request as TracedRequest)[TRACED];
    if (entry) {
      pulseMetrics().httpServerDuration.record(reply.elapsedTime / 1000, {
        'http.request.method': request.method,
        'http.route': entry.route ?? 'unmatched',
        'http.response.status_code': reply.statusCode,
      });
      entry.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) entry.span.setStatus({ code: 2 });
      entry.span.end();
    }
    done();
  });
}

function serverSpan(request: FastifyRequest, route: string | undefined, parent: Context): Span {
  const queryStart = request.url.indexOf('?');
  const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  return trace
    .getTracer('pulse-http')
    .startSpan(
      `${request.method} ${route ?? path}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': path } },
      parent,
    );
}

/** Whether any header the configured propagators read (traceparent, baggage, b3…) is present. */
function carriesTraceContext(headers: FastifyRequest['headers']): boolean {
  for (const field of propagation.fields()) if (headers[field] !== undefined) return true;
  return false;
}
