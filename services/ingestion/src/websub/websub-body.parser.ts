import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WEBSUB_PUSH_TYPES } from '@pulse/contracts';
import type { FastifyInstance } from 'fastify';

/** A pushed document is untrusted: 1 MiB at most (as the gateway's cap), then the parser's own limits. */
export const MAX_PUSH_BYTES = 1024 * 1024;

/**
 * Feed documents a hub pushes are kept as the bytes received: the signature is over exactly those
 * bytes, and the charset is decoded as a fetched feed's is. Fastify parses none of these types itself.
 */
@Injectable()
export class WebSubBodyParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    for (const type of WEBSUB_PUSH_TYPES)
      if (!fastify.hasContentTypeParser(type))
        fastify.addContentTypeParser(
          type,
          { parseAs: 'buffer', bodyLimit: MAX_PUSH_BYTES },
          (_request, body, done) => done(null, body),
        );
  }
}
