import { z } from 'zod';
import { rateLimitIdentityConfigSchema } from './edge/rate-limit.config';
import { parseSocialAccounts } from './static/social-accounts';

const upstreamUrl = (service: string, port: number) =>
  z
    .string()
    .default(`http://127.0.0.1:${port}`)
    .transform((list, ctx) => {
      const urls = list
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean);
      for (const url of urls) {
        if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
          ctx.addIssue({ code: 'custom', message: `not an http(s) URL: ${url}` });
      }
      if (urls.length === 0) ctx.addIssue({ code: 'custom', message: 'at least one URL' });
      return urls;
    })
    .describe(
      `Base URL of the ${service} service, or a comma-separated list of its replicas (balanced, with one retry of a read on another replica). Gateway only; unused in embedded mode.`,
    );

const rateLimit = (fallback: number, description: string) =>
  z.coerce.number().int().min(1).max(1_000_000).default(fallback).describe(description);

/** 'https://a.example, http://localhost:5173' → normalised origins; anything that is not a bare origin is refused. */
function parseOrigins(list: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const entry of list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '').toLowerCase()) {
      ctx.addIssue({ code: 'custom', message: `'${entry}' is not an origin like https://pulse.example` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
}

/** The gateway's settings: where the services are, the front ends, and the public edge (CORS, limits, SEO). */
export const gatewayConfigSchema = z
  .object({
    CONTENT_URL: upstreamUrl('content', 3101),
    INGESTION_URL: upstreamUrl('ingestion', 3102),
    TRANSLATION_URL: upstreamUrl('translation', 3103),
    TRENDING_URL: upstreamUrl('trending', 3104),
    COMMUNITY_URL: upstreamUrl('community', 3105),
    NEWSLETTER_URL: upstreamUrl('newsletter', 3106),
    NEWSROOM_URL: upstreamUrl('newsroom', 3107),
    UPSTREAM_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(120_000)
      .default(15_000)
      .describe('Gateway: time allowed for an upstream service to answer.'),
    FRONTENDS_DIR: z
      .string()
      .default('frontends')
      .describe(
        "Gateway: folder holding each front end's dist/ (served in embedded mode and by the gateway image).",
      ),
    REMOTE_NEWS_URL: z
      .string()
      .default('/remotes/news/mf-manifest.json')
      .describe(
        "Gateway: manifest URL of the news remote, published to the shell in /env-config.json. Each remote's server bundle (server/render.js) is read beside its manifest, from FRONTENDS_DIR for this site's /remotes/ paths, over HTTP otherwise.",
      ),
    REMOTE_TRENDING_URL: z
      .string()
      .default('/remotes/trending/mf-manifest.json')
      .describe('Gateway: manifest URL of the trending remote.'),
    REMOTE_TECH_ANALYSIS_URL: z
      .string()
      .default('/remotes/tech-analysis/mf-manifest.json')
      .describe('Gateway: manifest URL of the tech-analysis remote.'),
    REMOTE_QA_URL: z
      .string()
      .default('/remotes/qa/mf-manifest.json')
      .describe('Gateway: manifest URL of the qa (community) remote.'),
    REMOTE_LOCATIONS_FILE: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Gateway: a JSON file of remote manifest URLs by federation name ({"qa": "https://…/mf-manifest.json"}; news, trending, tech_analysis, qa), over REMOTE_*_URL. Read again within 10 s of a change, so a remote is pointed at a new deployment without a restart (on Kubernetes, a mounted ConfigMap). Unset: REMOTE_*_URL only.',
      ),
    PUBLIC_SITE_URL: z
      .string()
      .default('http://localhost:3000')
      .transform((value, ctx) => parseOrigins(value, ctx)[0] ?? z.NEVER)
      .describe(
        "Gateway: the site's public origin (scheme, host, port), used for canonical URLs, Open Graph and JSON-LD in the HTML documents.",
      ),
    SITE_SOCIAL_ACCOUNTS: z
      .string()
      .optional()
      .transform((list, ctx) => parseSocialAccounts(list ?? '', ctx))
      .describe(
        "Gateway: comma-separated https URLs of the site's own accounts (e.g. https://x.com/pulse_kr,https://github.com/pulse) on X, Facebook, YouTube, GitHub, LinkedIn, Telegram, Instagram or Threads, linked in the footer in this order (through /env-config.json). Empty: the footer shows no social links.",
      ),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((list, ctx) => parseOrigins(list ?? '', ctx))
      .describe(
        'Gateway: comma-separated origins (e.g. https://pulse.example,https://admin.pulse.example) allowed to call the API from another origin. Empty: same-origin only.',
      ),
    RATE_LIMIT_READ_PER_MIN: rateLimit(
      600,
      "Gateway: GET/HEAD requests (API, feeds, HTML documents) per minute from one network without a verified credential (IPv4 address, IPv6 /64: NETWORK_*), and from one signed-in member; a network's members together may make RATE_LIMIT_IP_FACTOR times as many.",
    ),
    RATE_LIMIT_WRITE_PER_MIN: rateLimit(
      60,
      "Gateway: POST/PATCH/DELETE requests per minute from one network without a verified credential, and from one signed-in member; a network's members together may make RATE_LIMIT_IP_FACTOR times as many.",
    ),
    GATEWAY_MICROCACHE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(1_000)
      .describe(
        "Gateway: how long an answer to a public anonymous read (articles, lists, rankings, sources, questions) is shared by every reader asking for it (and by the page renders that read it), one upstream fetch per key at a time; a service's purge of what it shows ends it sooner. 0 turns the micro-cache off.",
      ),
    GATEWAY_STALE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(300_000)
      .default(10_000)
      .describe(
        'Gateway: how long past its time a micro-cached answer or a held page document is still served while one request fetches or renders it again (stale-while-revalidate), so no reader waits for that refresh; a purge still drops it at once. 0: readers arriving as it lapses wait for the refresh.',
      ),
    GATEWAY_DOCUMENT_CACHE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(300_000)
      .default(10_000)
      .describe(
        'Gateway: how long a rendered page document is replayed to every reader of its URL, unless a purge of what it shows (an article, a list, a question) ends it sooner. A CDN in front keeps documents a minute anyway. 0 renders every request.',
      ),
    GATEWAY_RENDER_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .default(2)
      .describe(
        'Gateway: how many page documents may be rendering at once (refreshes of held copies included). Past it, or past GATEWAY_RENDER_MS_PER_S, a reader whose document is neither held nor already rendering gets at once a 503 with Retry-After whose shell renders the page in the browser: renders never queue up in front of API requests. Documents are keyed on their path and the query parameters their page reads, so a cache-buster never renders (docs/abuse/cache-busting.md).',
      ),
    GATEWAY_RENDER_MS_PER_S: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(250)
      .describe(
        "Gateway: milliseconds of each second that page renders may take between them (each from its start to its end; a second's worth banked at most). A render is CPU on the event loop the API is answered from too, so this bounds how long API requests wait behind renders; past it, readers are answered as past GATEWAY_RENDER_CONCURRENCY.",
      ),
    GATEWAY_RENDER_WORKERS: z.coerce
      .number()
      .int()
      .min(0)
      .max(64)
      .optional()
      .describe(
        "Gateway: how many worker threads render page documents (the React render of the front ends' server bundles), so a burst of renders does not hold up API requests on the gateway's own event loop; started with the first render. Unset: one per core (os.availableParallelism()). 0: pages are rendered on the gateway's own thread.",
      ),
    GATEWAY_DOCUMENTS: z
      .enum(['server', 'browser'])
      .default('server')
      .describe(
        "Gateway: 'server' renders each page document on the server from the front ends' server bundles. 'browser' renders none: every page is answered 200, unindexed and never held, with the shell that draws it in the browser; `npm run dev` sets it, its front ends being rspack dev servers with no server bundles. Not for a public site: crawlers and readers without JavaScript get no content.",
      ),
    GATEWAY_RENDER_WAIT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(1_000)
      .describe(
        'Gateway: how long a reader whose page must be rendered may wait for the render budget (GATEWAY_RENDER_CONCURRENCY, GATEWAY_RENDER_MS_PER_S), four per render allowed at once; the others, and those still waiting then, get the 503 at once. Waiting costs no CPU; it keeps readers arriving one after the other (a crawler, a site just started) from a 503. 0: never waits.',
      ),
    RATE_LIMIT_ADMIN_PER_MIN: rateLimit(
      1200,
      "Gateway: requests per minute the admin credential (ADMIN_TOKEN) may make, in its own bucket, and each signed-in staff account in a bucket of its own (once newsroom has answered for its session cookie; a cookie it never answered for counts in its network's bucket): bulk authoring and moderation are neither throttled by the readers' limits nor counted against the address they come from.",
    ),
    ADMIN_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .describe(
        "Bearer token for the admin API, as the services have it. The gateway uses it to give admin requests their own rate-limit bucket, to show its /readyz details (every upstream's readiness and why) to that credential only, and to read the services' /readyz details; the services still check it on their admin routes.",
      ),
    STAFF_ASSERTION_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .describe(
        "HMAC-SHA256 key of the staff assertions the gateway signs for signed-in staff (X-Pulse-Staff-Assertion), and of its key for newsroom's internal session lookup; the same value as every service with admin routes. Unset: staff sign-in is off (the cookie is ignored) and only ADMIN_TOKEN admits.",
      ),
    RATE_LIMIT_IP_FACTOR: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(5)
      .describe(
        "Gateway: the budget of one network's signed-in members together (verified community credentials, COMMUNITY_TOKEN_SECRET) as a multiple of one member's, so members behind one NAT each get a budget while one network's identities stay bounded. Made-up bearers are not members: they count in the network's anonymous bucket.",
      ),
    TRUSTED_PROXY_HOPS: z.coerce
      .number()
      .int()
      .min(0)
      .max(10)
      .default(0)
      .describe(
        "Gateway: reverse proxies in front of the gateway (1 behind the Kubernetes ingress). The client IP is read that many hops from the right of X-Forwarded-For; 0 uses the connection's address, so a client cannot pick its own rate-limit bucket.",
      ),
  })
  .extend(rateLimitIdentityConfigSchema.shape);

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
