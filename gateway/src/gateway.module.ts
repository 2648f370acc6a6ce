import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CACHE_STORE, LOGGER, networkPrefixesOf, type CacheStore } from '@pulse/platform';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { registerApiDocs } from './docs/api-docs.plugin';
import { DocumentRenderer } from './documents/document-renderer';
import { documentHandler } from './documents/documents.plugin';
import { apiReader } from './documents/api-reader';
import { BundlePageRenderer } from './documents/page-renderer';
import { RenderPool } from './render-workers/render-pool';
import { RemoteServerModules } from './remotes/remote-server-modules';
import { ShellTemplate } from './documents/shell-template';
import { registerCors } from './edge/cors';
import { registerHttpCaching } from './edge/http-caching';
import { registerRateLimit } from './edge/rate-limit';
import { registerRequestContext } from './edge/request-context';
import { contentSecurityPolicy, registerSecurityHeaders } from './edge/security-headers';
import { StaffGate } from './edge/staff-gate';
import { VerifiedStaffSessions } from './edge/verified-staff-sessions';
import type { GatewayConfig } from './gateway.config';
import { registerFeeds } from './proxy/feeds.plugin';
import { registerNewsletterPages } from './proxy/newsletter-pages.plugin';
import { MicroCache } from './proxy/micro-cache';
import { registerProxy } from './proxy/proxy.plugin';
import { RouteTable } from './proxy/route-table';
import { RemoteLocations, remoteUrlsOf } from './remotes/remote-locations';
import {
  envConfigOf,
  remoteDeploymentsOf,
  registerFrontendAssets,
  shellIndexFile,
  shellServerBundleFile,
} from './static/frontend-assets.plugin';
import type { Upstream } from './upstreams/upstream';

const GATEWAY_OPTIONS = Symbol('GatewayOptions');

interface GatewayOptions {
  config: GatewayConfig;
  upstreams: readonly Upstream[];
  /** A cache the gateway built itself (create-gateway-app.ts), closed once the server has stopped. */
  ownedCache?: CacheStore;
}

/**
 * Adds the gateway's hooks, plugins and fastify routes while Nest initialises, before fastify is sealed by
 * ready(). Hooks run in this order on every request: request context (id, client IP, kind), security
 * headers (helmet's, worked out once and written at once so every later answer carries them), CORS (@fastify/cors; answers
 * preflights), rate limit; cache headers and ETags (304 when the reader holds the bytes) go on every reply as
 * it is sent. Each plugin registration is awaited: that loads it at once, so its hooks take their place in
 * this order and its decorators (reply.sendFile) exist before the routes that use them.
 */
class GatewayRoutes implements OnModuleInit, OnApplicationShutdown {
  private stopPurges: (() => Promise<void>) | undefined;
  private renderPool: RenderPool | undefined;

  constructor(
    private readonly host: HttpAdapterHost,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
  ) {}

  async onModuleInit(): Promise<void> {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    const { config, upstreams } = this.options;
    const table = new RouteTable(upstreams);
    registerRequestContext(fastify, { trustedHops: config.TRUSTED_PROXY_HOPS, logger: this.logger });
    registerSecurityHeaders(fastify, config);
    await registerCors(fastify, config.CORS_ORIGINS);
    // Filled by the staff gate's lookups, read by the rate limit that runs before it on later requests.
    const staffSessions = new VerifiedStaffSessions();
    registerRateLimit(fastify, {
      cache: this.cache,
      logger: this.logger,
      settings: {
        readPerMinute: config.RATE_LIMIT_READ_PER_MIN,
        writePerMinute: config.RATE_LIMIT_WRITE_PER_MIN,
        ipFactor: config.RATE_LIMIT_IP_FACTOR,
        adminPerMinute: config.RATE_LIMIT_ADMIN_PER_MIN,
        adminToken: config.ADMIN_TOKEN,
        communityTokenSecret: config.COMMUNITY_TOKEN_SECRET,
        staffSessions,
        networks: networkPrefixesOf(config),
      },
    });
    registerHttpCaching(fastify);

    registerApiDocs(fastify, upstreams, config.PUBLIC_SITE_URL, this.logger);
    const microCache = new MicroCache(
      this.cache,
      config.GATEWAY_MICROCACHE_MS,
      Date.now,
      config.GATEWAY_STALE_MS,
    );
    // Heard even with both caches off: the held page documents are dropped by them too.
    this.stopPurges = await microCache.listenForPurges();
    const staffGate = new StaffGate(
      upstreams.find((upstream) => upstream.service === 'newsroom'),
      config.STAFF_ASSERTION_SECRET,
      this.logger,
      Date.now,
      staffSessions,
    );
    registerProxy(fastify, table, this.logger, microCache, staffGate);
    registerFeeds(
      fastify,
      upstreams.find((upstream) => upstream.service === 'content'),
      this.logger,
    );
    registerNewsletterPages(
      fastify,
      upstreams.find((upstream) => upstream.service === 'newsletter'),
      this.logger,
    );
    // Where each remote is deployed: REMOTE_*_URL, or REMOTE_LOCATIONS_FILE as it is now. What is derived
    // from them (the inlined runtime configuration, the documents' CSP) is made again when they move.
    const locations = new RemoteLocations(remoteUrlsOf(config), config.REMOTE_LOCATIONS_FILE, this.logger);
    const derived = <T>(make: (urls: ReturnType<typeof remoteUrlsOf>) => T): (() => T) => {
      let made: { version: number; value: T } | undefined;
      return () => {
        const { urls, version } = locations.current();
        if (made?.version !== version) made = { version, value: make(urls) };
        return made.value;
      };
    };
    const inProcess = new BundlePageRenderer(
      shellServerBundleFile(config),
      this.logger,
      new RemoteServerModules(remoteDeploymentsOf(config, locations), this.logger),
    );
    // Renders in worker threads (render-workers/render-pool.ts) unless GATEWAY_RENDER_WORKERS is 0.
    const workers = config.GATEWAY_RENDER_WORKERS ?? availableParallelism();
    this.renderPool =
      workers > 0
        ? new RenderPool(
            {
              size: workers,
              bundleFile: shellServerBundleFile(config),
              frontendsDir: path.resolve(config.FRONTENDS_DIR),
              logLevel: this.logger.level,
              remoteUrls: () => locations.current().urls,
            },
            inProcess,
            this.logger,
          )
        : undefined;
    const serverRendered = config.GATEWAY_DOCUMENTS === 'server';
    if (serverRendered && existsSync(shellServerBundleFile(config))) this.renderPool?.start();
    const renderer = new DocumentRenderer(
      new ShellTemplate(shellIndexFile(config)),
      this.renderPool ?? inProcess,
      (requestId, tags) => apiReader(table, requestId, tags, microCache),
      config.PUBLIC_SITE_URL,
      // The shell reads the remotes' locations from here and starts without fetching /env-config.json
      // first (one round trip less before the first paint). A data block: not executed, CSP-neutral.
      derived(
        (urls) =>
          `<script type="application/json" id="pulse-env-config">${JSON.stringify(envConfigOf(config, urls)).replace(/</g, '\\u003c')}</script>`,
      ),
      !serverRendered,
    );
    await registerFrontendAssets(
      fastify,
      config,
      locations,
      documentHandler(renderer, {
        holdMs: config.GATEWAY_DOCUMENT_CACHE_MS,
        staleMs: config.GATEWAY_STALE_MS,
        purges: microCache,
        contentSecurityPolicy: derived((urls) => contentSecurityPolicy(config, urls)),
        generation: () => locations.current().version,
        renderBudget: {
          concurrency: config.GATEWAY_RENDER_CONCURRENCY,
          msPerSecond: config.GATEWAY_RENDER_MS_PER_S,
          maxWaitMs: config.GATEWAY_RENDER_WAIT_MS,
        },
      }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopPurges?.();
    await this.renderPool?.close();
    await this.options.ownedCache?.close();
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
