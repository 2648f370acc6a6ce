import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * The pages' forms post application/x-www-form-urlencoded, and RFC 8058 one-click clients post
 * `List-Unsubscribe=One-Click` as urlencoded or multipart/form-data. Fastify parses neither by default.
 * A repeated field (the category boxes) becomes an array. Multipart bodies are accepted and not read:
 * the one-click request's meaning is in its URL.
 */
@Injectable()
export class FormBodyParsers implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    if (!fastify.hasContentTypeParser('application/x-www-form-urlencoded'))
      fastify.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
        (_request, body, done) => done(null, parseForm(body as string)),
      );
    if (!fastify.hasContentTypeParser('multipart/form-data'))
      fastify.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
        (_request, _body, done) => done(null, {}),
      );
  }
}

export function parseForm(body: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const previous = form[key];
    form[key] = previous === undefined ? value : ([] as string[]).concat(previous, value);
  }
  return form;
}
