import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { THEME_HEAD_SCRIPT } from '@pulse/contracts';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { GatewayConfig } from '../gateway.config';
import { remoteUrlsOf, type RemoteUrls } from '../remotes/remote-locations';

const YOUTUBE_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

/**
 * The one inline script a document carries (the reader's theme onto <html> before the first paint,
 * documents/shell-template.ts), allowed by its hash: its text is the same for every reader and document.
 */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_HEAD_SCRIPT).digest('base64')}'`;

/** Origins of the remote manifests given as absolute URLs; relative ones are already 'self'. */
export function remoteOrigins(remotes: RemoteUrls): string[] {
  const origins = Object.values(remotes).flatMap((url) => {
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
 * The site's CSP as directives (docs/design.md §10). Scripts, styles, fonts and fetches only from this site and the remotes' origins (a remote's
 * bundles, CSS and manifest live beside its manifest); no inline script but the theme's, allowed by its hash
 * (THEME_SCRIPT_SOURCE), which is why the documents' JSON-LD is a non-executed application/ld+json block. Images from any https origin (article
 * images come from the sources), frames from YouTube's embed players only (the sanitiser's rule too).
 */
export function contentSecurityDirectives(
  config: GatewayConfig,
  remotes: RemoteUrls = remoteUrlsOf(config),
): Record<string, string[]> {
  const self = ["'self'", ...remoteOrigins(remotes)];
  return {
    'default-src': ["'self'"],
    'script-src': [...self, THEME_SCRIPT_SOURCE],
    'style-src': self,
    'connect-src': self,
    'font-src': [...self, 'data:'],
    // The site's public origin too: the content service makes image URLs absolute on it, which differs
    // from the address a local run is opened on (http://127.0.0.1:… vs http://localhost:3000).
    'img-src': [...self, config.PUBLIC_SITE_URL, 'data:', 'https:'],
    'frame-src': YOUTUBE_FRAMES,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The policy as one header value, as helmet writes it (documents: with the remotes' locations now). */
export const contentSecurityPolicy = (config: GatewayConfig, remotes?: RemoteUrls): string =>
  Object.entries(contentSecurityDirectives(config, remotes))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');

/**
 * The policy with `sources` added to its style-src: a document whose head holds a style of its own (a
 * remote's small stylesheet, remotes/remote-server-modules.ts) allows exactly that text by its hash.
 */
export function withStyleSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy.replace(/(^|;)style-src ([^;]*)/, (_match, start: string, values: string) => {
    return `${start}style-src ${values} ${sources.join(' ')}`;
  });
}

/**
 * What helmet sets. Helmet's other defaults stay on (Cross-Origin-Opener-Policy, Origin-Agent-Cluster,
 * X-Permitted-Cross-Domain-Policies, X-Download-Options, X-XSS-Protection: 0) except two:
 * Cross-Origin-Resource-Policy, which would stop feed readers and other sites from showing our images, and
 * X-DNS-Prefetch-Control: off, which would slow the first fetch from the remotes' and images' origins.
 */
export function helmetOptions(config: GatewayConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // Two years, the HSTS preload list's expectation; browsers ignore it over plain http (local runs).
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: false },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // For browsers that predate frame-ancestors.
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: false,
    xDnsPrefetchControl: false,
  };
}

/** Helmet has no Permissions-Policy (it is still a draft), so this one header is ours. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/**
 * The headers helmet writes with these options, worked out once. Helmet is Express-style middleware that
 * recomputes every value on each call (@fastify/helmet even rebuilt the middleware per request, a tenth
 * of the gateway's CPU on a micro-cached read); nothing here varies by request (no CSP nonces), so the
 * gateway runs it once against a recorder and replays the result.
 */
export function securityHeaderList(config: GatewayConfig): readonly (readonly [string, string])[] {
  const written = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      written.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => written.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(helmetOptions(config))(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  written.set('permissions-policy', PERMISSIONS_POLICY);
  return [...written];
}

/**
 * Set on every response the gateway sends: documents, API answers, assets, errors, CORS refusals and 429s
 * alike. Written onto the raw response in an onRequest hook registered before CORS and the rate limit, so a
 * reply sent from any later hook, the not-found handler or an error carries them.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, config: GatewayConfig): void {
  const headers = securityHeaderList(config);
  fastify.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
