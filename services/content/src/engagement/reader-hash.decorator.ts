import { createParamDecorator, Injectable, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReaderSessions, type ReaderContext } from './reader-sessions';

interface HttpPair {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Resolves the reader's session (setting its cookie when new) into the readerHash that markers carry. */
@Injectable()
export class ReaderHashPipe implements PipeTransform<HttpPair, string> {
  constructor(private readonly sessions: ReaderSessions) {}

  transform({ request, reply }: HttpPair): string {
    return this.sessions.resolveHash(request, reply);
  }
}

/** Resolves the reader's session with its age and network (setting its cookie when new). */
@Injectable()
export class ReaderPipe implements PipeTransform<HttpPair, ReaderContext> {
  constructor(private readonly sessions: ReaderSessions) {}

  transform({ request, reply }: HttpPair): ReaderContext {
    const { key: _key, ...context } = this.sessions.reader(request, reply);
    return context;
  }
}

const httpPair = createParamDecorator((_data: unknown, context: ExecutionContext): HttpPair => ({
  request: context.switchToHttp().getRequest<FastifyRequest>(),
  reply: context.switchToHttp().getResponse<FastifyReply>(),
}));

/**
 * The handler parameter holding the reader's readerHash. Unlike `@Res()`, reading the reply here
 * leaves Nest in charge of sending the response. The controller's module must provide ReaderSessions
 * (EngagementModule exports it).
 */
export const ReaderHash = (): ParameterDecorator => httpPair(ReaderHashPipe);

/** The handler parameter holding the reader's ReaderContext: what article likes, shares and views count by. */
export const Reader = (): ParameterDecorator => httpPair(ReaderPipe);
