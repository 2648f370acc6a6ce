import type { Upstream } from '../upstreams/upstream';

/**
 * Maps a request path to the service that owns it, by the longest matching prefix, so
 * '/api/articles/search' and '/api/articles/category/x' both go to content while a future
 * '/api/articles-admin' could go elsewhere.
 */
export class RouteTable {
  private readonly entries: Array<{ prefix: string; upstream: Upstream }>;

  constructor(upstreams: readonly Upstream[]) {
    this.entries = upstreams
      .flatMap((upstream) => upstream.prefixes.map((prefix) => ({ prefix, upstream })))
      .sort((a, b) => b.prefix.length - a.prefix.length);
  }

  resolve(path: string): Upstream | undefined {
    const pathname = path.split('?')[0];
    return this.entries.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`))
      ?.upstream;
  }
}
