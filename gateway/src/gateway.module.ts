import { Inject, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { LOGGER } from '@pulse/platform';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { GatewayConfig } from './gateway.config';
import { registerProxy } from './proxy/proxy.plugin';
import { registerFrontendAssets } from './static/frontend-assets.plugin';
import type { Upstream } from './upstreams/upstream';

const GATEWAY_OPTIONS = Symbol('GatewayOptions');

interface GatewayOptions {
  config: GatewayConfig;
  upstreams: readonly Upstream[];
}

/** Adds the gateway's fastify routes while Nest initialises, before fastify is sealed by ready(). */
class GatewayRoutes implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    registerProxy(fastify, this.options.upstreams, this.logger);
    registerFrontendAssets(fastify, this.options.config);
  }
}

@Module({})
export class GatewayModule {
  static register(options: GatewayOptions): DynamicModule {
    return {
      module: GatewayModule,
      providers: [{ provide: GATEWAY_OPTIONS, useValue: options }, GatewayRoutes],
    };
  }
}
