import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { remembered } from '../remembered';

/**
 * Per-network limits. One person rarely has many IPv4 addresses, but an IPv6 client is usually handed a
 * whole /64 (2^64 addresses), so a limit keyed on the full IPv6 address is no limit at all. Every per-address
 * bucket of the site (identity creation, writes, votes, reports, the assistant, newsletter sign-ups,
 * engagement caps, the gateway's rate limits) keys on `networkOf(address)` instead: the address for IPv4,
 * its /64 for IPv6, both prefixes configurable. ARCHITECTURE.md 'Networks, not addresses'.
 */
export const networkConfigSchema = z.object({
  NETWORK_IPV4_PREFIX: z.coerce
    .number()
    .int()
    .min(8)
    .max(32)
    .default(32)
    .describe(
      'Per-address limits treat IPv4 addresses sharing this many leading bits as one network (32: each address).',
    ),
  NETWORK_IPV6_PREFIX: z.coerce
    .number()
    .int()
    .min(16)
    .max(128)
    .default(64)
    .describe(
      "Per-address limits treat IPv6 addresses sharing this many leading bits as one network (64: a customer's usual allocation).",
    ),
});

export type NetworkConfig = z.output<typeof networkConfigSchema>;

export interface NetworkPrefixes {
  ipv4: number;
  ipv6: number;
}

export const DEFAULT_NETWORK_PREFIXES: NetworkPrefixes = { ipv4: 32, ipv6: 64 };

export const networkPrefixesOf = (config: NetworkConfig): NetworkPrefixes => ({
  ipv4: config.NETWORK_IPV4_PREFIX,
  ipv6: config.NETWORK_IPV6_PREFIX,
});

const maskBytes = (bytes: number[], prefix: number): number[] =>
  bytes.map((byte, index) => {
    const keep = Math.max(0, Math.min(8, prefix - index * 8));
    return keep === 8 ? byte : byte & (0xff << (8 - keep)) & 0xff;
  });

/**
 * The networks of the addresses seen lately, per setting of the prefixes (each caller keeps its own
 * object). The gateway asks on every request, and parsing the address each time was a few per cent of a
 * held read's cost (docs/benchmarks.md 'Reads beside bare Node'). An IPv6 address with a zone id or an
 * IPv4 tail is under 64 characters; anything longer is worked out each time.
 */
const networksBySetting = new WeakMap<NetworkPrefixes, (address: string) => string>();

/**
 * The network an address belongs to, as a stable key: `4:203.0.113.7/32`, `6:2001:db8:1:2::/64`.
 * IPv4-mapped IPv6 (`::ffff:203.0.113.7`, what a dual-stack socket reports) counts as IPv4. Anything that
 * is not an address (a test's 'unknown', a Unix socket) is its own network, prefixed so it cannot collide.
 */
export function networkOf(address: string, prefixes: NetworkPrefixes = DEFAULT_NETWORK_PREFIXES): string {
  let networks = networksBySetting.get(prefixes);
  if (networks === undefined) {
    networks = remembered((key) => networkOfAddress(key, prefixes), { maxEntries: 10_000, maxKeyLength: 64 });
    networksBySetting.set(prefixes, networks);
  }
  return networks(address);
}

function networkOfAddress(address: string, prefixes: NetworkPrefixes): string {
  const trimmed = address.trim();
  // A zone id (fe80::1%eth0) names an interface, not a network.
  const bare = trimmed.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return `x:${trimmed}`;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') {
    const bytes = maskBytes(parsed.toByteArray(), prefixes.ipv4);
    return `4:${ipaddr.fromByteArray(bytes).toString()}/${prefixes.ipv4}`;
  }
  const bytes = maskBytes(parsed.toByteArray(), prefixes.ipv6);
  return `6:${ipaddr.fromByteArray(bytes).toString()}/${prefixes.ipv6}`;
}
