import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * Community failures carry `success: false` beside the common error body (libs/contracts community.ts
 * CommunityFailure), so the seed's client, which reads `success` and `message`, and the shared error shape
 * are both met. Added on the way out, after the platform's error filter wrote the body.
 */
@Injectable()
export class FailureShape implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string' || !request.url.startsWith('/api/community'))
        return payload;
      if (!payload.startsWith('{"statusCode":')) return payload;
      return `{"success":false,${payload.slice(1)}`;
    });
  }
}
