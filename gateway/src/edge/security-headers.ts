import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../gateway.config';

const YOUTUBE_FRAMES = 'https://www.youtube.com https://www.youtube-nocookie.com';

/** Origins of the remote manifests configured as absolute URLs; relative ones are already 'self'. */
export function remoteOrigins(config: GatewayConfig): string[] {
  const urls = [
    config.REMOTE_NEWS_URL,
    config.REMOTE_TRENDING_URL,
    config.REMOTE_TECH_ANALYSIS_URL,
    config.REMOTE_QA_URL,
  ];
  const origins = urls.flatMap((url) => {
    if (!/^https?:\/\//i.test(url)) return [];
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/**
 * docs/design.md §10. Scripts, styles, fonts and fetches only from this site and the remotes' origins (a remote's
 * bundles, CSS and manifest live beside its manifest); no inline script anywhere, which is why the
 * documents' JSON-LD is a non-executed application/ld+json block. Images from any https origin (article
 * images come from the sources), frames from YouTube's embed players only (the sanitiser's rule too).
 */
export function contentSecurityPolicy(config: GatewayConfig): string {
  const self = ["'self'", ...remoteOrigins(config)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${self}`,
    `style-src ${self}`,
    `connect-src ${self}`,
    `font-src ${self} data:`,
    // The site's public origin too: the content service makes image URLs absolute on it, which differs
    // from the address a local run is opened on (http://127.0.0.1:… vs http://localhost:3000).
    `img-src ${self} ${config.PUBLIC_SITE_URL} data: https:`,
    `frame-src ${YOUTUBE_FRAMES}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Set on every response the gateway sends: documents, API answers, assets, errors and 429s alike. */
export function securityHeaders(config: GatewayConfig): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    // Two years, the HSTS preload list's expectation; browsers ignore it over plain http (local runs).
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // For browsers that predate frame-ancestors.
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

export function registerSecurityHeaders(fastify: FastifyInstance, config: GatewayConfig): void {
  const headers = securityHeaders(config);
  // onSend runs for every reply, including 404s, errors and replies sent from an onRequest hook.
  fastify.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}
