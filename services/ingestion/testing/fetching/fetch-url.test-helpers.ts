import type { LookupAddress } from 'node:dns';
import type { FetchOutcome } from '../../src/pipeline/pipeline.types';
import { createFetcher, type FetcherDependencies } from '../../src/fetching/fetch-url';

/** A public address (example.com's) the fake DNS hands out; the dial seam sends it to the fixture server. */
export const PUBLIC_ADDRESS = '93.184.215.14';

/**
 * A fetcher whose DNS knows a few test names. `*.public.test` resolves to a public address, so the guard lets
 * it through, and the dial seam connects that address to the fixture server on loopback: the first hop of a
 * test looks like the open internet while every later hop is still judged by the real guard.
 */
export function testFetcher(
  extra: Record<string, string[] | (() => string[])> = {},
  deps: FetcherDependencies = {},
) {
  const lookups: string[] = [];
  const fetcher = createFetcher({
    resolve: async (hostname) => {
      lookups.push(hostname);
      const entry = extra[hostname] ?? (hostname.endsWith('.public.test') ? [PUBLIC_ADDRESS] : undefined);
      const addresses = typeof entry === 'function' ? entry() : entry;
      if (!addresses)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    dialAddress: (vetted) =>
      vetted.address === PUBLIC_ADDRESS ? { address: '127.0.0.1', family: 4 } : vetted,
    ...deps,
  });
  return { fetch: fetcher, lookups };
}

/** The `failed` fields a test asserts on. */
export function expectFailed(outcome: FetchOutcome, reason: string): void {
  expect(outcome).toEqual(expect.objectContaining({ kind: 'failed', reason }));
}
