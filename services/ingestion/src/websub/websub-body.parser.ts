import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WEBSUB_PUSH_TYPES } from '@pulse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBSUB_CALLBACK_PATH } from './websub-subscriptions.service';

/** A pushed document is untrusted: 1 MiB at most (as the gateway's cap), then the parser's own limits. */
export const MAX_PUSH_BYTES = 1024 * 1024;

const isPush = (request: FastifyRequest) => request.url.startsWith(`${WEBSUB_CALLBACK_PATH}/`);

/**
 * Feed documents a hub pushes are kept as the bytes received: the signature is over exactly those
 * bytes, and the charset is decoded as a fetched feed's is. Fastify parses none of the feed types itself
 * but JSON, which the service's admin API takes as JSON: its parser is replaced by one that keeps a
 * push's bytes and parses everything else as fastify's own would (same limits, same poisoning checks).
 */
@Injectable()
export class WebSubBodyParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const keepBytes = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
      done(null, body);
    for (const type of WEBSUB_PUSH_TYPES) {
      if (type === 'application/json') continue;
      if (!fastify.hasContentTypeParser(type))
        fastify.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_PUSH_BYTES }, keepBytes);
    }
    const json = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      if (isPush(request)) {
        if (body.length > MAX_PUSH_BYTES)
          return done(Object.assign(new Error('Push too large'), { statusCode: 413 }));
        return done(null, body);
      }
      return json(request, body.toString('utf8'), done);
    });
  }
}
