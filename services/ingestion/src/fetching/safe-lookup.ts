import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { checkAddress, isIpLiteral, normaliseHost } from './address-guard';

/** Resolves a host name to every address it has. Injectable so tests can play "public" DNS names. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Thrown (inside the fetcher only) when a host resolves to, or is, an address the guard refuses. */
export class BlockedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedAddressError';
  }
}

/**
 * Resolves a URL host and checks every address it resolves to. All must pass, not just one: a name that
 * answers both a public and a private address would otherwise let the connection pick the private one.
 * Literal IPs are checked as they are, after normalisation (see normaliseHost).
 */
export async function vetHost(
  host: string,
  options: { resolve: Resolver; allowPrivateNetwork: boolean },
): Promise<LookupAddress[]> {
  const hostname = normaliseHost(host);
  if (hostname === undefined) throw new BlockedAddressError(`unparseable host '${host}'`);
  if (isIpLiteral(hostname)) {
    const address = { address: hostname, family: hostname.includes(':') ? 6 : 4 };
    if (!options.allowPrivateNetwork) assertAllowed(host, [address]);
    return [address];
  }
  const addresses = await options.resolve(hostname);
  if (addresses.length === 0)
    throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
  if (!options.allowPrivateNetwork) assertAllowed(host, addresses);
  return addresses;
}

function assertAllowed(host: string, addresses: LookupAddress[]): void {
  for (const { address } of addresses) {
    const verdict = checkAddress(address);
    if (!verdict.allowed) {
      throw new BlockedAddressError(`${host} → ${address} is ${verdict.range}; refused by the SSRF guard`);
    }
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` handed to undici's connector (net/tls.connect). It answers only from the addresses vetted for
 * this hop, so the socket connects to exactly what the guard checked: a DNS answer that changes between the
 * check and the connect (rebinding) is never consulted. A host that was not vetted is refused outright.
 */
export function pinnedLookup(pins: Map<string, LookupAddress[]>) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const addresses = pins.get(hostname);
    if (!addresses || addresses.length === 0) {
      callback(new BlockedAddressError(`connection to unvetted host ${hostname} refused`), []);
      return;
    }
    const wanted =
      options.family === 4 || options.family === 6
        ? addresses.filter((a) => a.family === options.family)
        : addresses;
    const usable = wanted.length > 0 ? wanted : addresses;
    // Node's happy-eyeballs path asks for all addresses; the plain path wants one.
    if (options.all) callback(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}
