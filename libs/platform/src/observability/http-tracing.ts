import { context, propagation, ROOT_CONTEXT, SpanKind, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pulseMetrics } from './metrics';

const spans = new WeakMap<FastifyRequest, Span>();

/** Probes hit these every few seconds; a span each would drown the useful ones. */
const UNTRACED = /^\/(healthz|readyz)(\?|$)/;

/**
 * One server span per request, child of the caller's `traceparent`, active while the route runs, so
 * logs, outgoing calls and published events of that request join the caller's trace; and its duration
 * in the `http.server.request.duration` histogram, by route template (never the raw path, whose ids would
 * make a series per article) and status.
 */
export function registerHttpTracing(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (UNTRACED.test(request.url)) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = trace.getTracer('pulse-http').startSpan(
      `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!UNTRACED.test(request.url)) {
      pulseMetrics().httpServerDuration.record(reply.elapsedTime / 1000, {
        'http.request.method': request.method,
        'http.route': request.routeOptions.url ?? 'unmatched',
        'http.response.status_code': reply.statusCode,
      });
    }
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: 2 });
      span.end();
    }
    done();
  });
}
