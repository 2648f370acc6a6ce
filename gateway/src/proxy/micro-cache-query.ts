import { ENDPOINT_SCHEMAS, ENDPOINTS, type EndpointName } from '@pulse/contracts';
import { remembered } from '@pulse/platform';
import { z } from 'zod';

/** A public GET of the contract: its path as a pattern, and the query parameters its schema declares. */
interface ReadRoute {
  path: RegExp;
  /** Literal segments: '/api/articles/search' wins over '/api/articles/:id' for the same URL. */
  literals: number;
  declared: readonly string[];
}

/**
 * The query parameters each endpoint takes, from ENDPOINT_SCHEMAS: the schemas the services parse their
 * queries with, so the gateway and the service cannot disagree. An endpoint without a query schema takes
 * none (the contract says so; the services either refuse a query there, as /api/sources does, or ignore
 * it, as an article's detail does).
 */
function declaredParameters(name: EndpointName): readonly string[] {
  const query = ENDPOINT_SCHEMAS[name]?.query;
  if (query === undefined) return [];
  if (!(query instanceof z.ZodObject)) throw new Error(`${name}: a query schema that is not an object`);
  return Object.keys(query.shape);
}

const READ_ROUTES: readonly ReadRoute[] = (Object.keys(ENDPOINTS) as EndpointName[])
  .filter((name) => ENDPOINTS[name].method === 'GET')
  .map((name) => {
    const segments = ENDPOINTS[name].path.split('/').filter(Boolean);
    const pattern = segments.map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
    return {
      path: new RegExp(`^/${pattern.join('/')}$`),
      literals: segments.filter((segment) => !segment.startsWith(':')).length,
      declared: declaredParameters(name),
    };
  })
  .sort((a, b) => b.literals - a.literals);

/** What the micro-cache does with a cacheable read's query (MicroCache.forward). */
export type CachedQuery =
  /** Keyed on, and forwarded as, `url`: the path and the declared parameters, in the contract's order. */
  | { readonly url: string }
  /** Parameters the endpoint does not take: refused by the gateway, as the service would. */
  | { readonly unknown: readonly string[] };

/**
 * The rule for a cacheable GET (edge/http-caching.ts): it may carry only the parameters its contract
 * declares. Anything else (`?cb=<random>`) is refused with the 400 a service gives for an unknown
 * parameter, by the gateway, without a trip to the service; what is left is keyed and forwarded in the
 * contract's order, each parameter with every value it was given, so `?limit=6&type=all` and
 * `?type=all&limit=6` are one entry. Keyed on the full URL, every cache-buster was a read of the store.
 * A path outside the contract keeps its full URL as its key.
 */
export const cachedQueryOf: (url: string) => CachedQuery = remembered(ruleOf);

function ruleOf(url: string): CachedQuery {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const route = READ_ROUTES.find((candidate) => candidate.path.test(path));
  if (!route) return { url };
  if (queryStart < 0) return { url: path };
  const given = new URLSearchParams(url.slice(queryStart + 1));
  const unknown = [...new Set(given.keys())].filter((name) => !route.declared.includes(name));
  if (unknown.length > 0) return { unknown };
  const kept = new URLSearchParams();
  for (const name of route.declared) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return { url: query ? `${path}?${query}` : path };
}
