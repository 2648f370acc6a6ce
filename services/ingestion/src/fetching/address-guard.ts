import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard's address policy. It works on an allow-list: only ordinary global unicast addresses pass.
 * ipaddr.js names every special range it knows (loopback, private, link-local, CGNAT, multicast, 6to4,
 * Teredo, NAT64, reserved, benchmarking…), so anything it does not call plain 'unicast' is refused —
 * a range we forgot to list is blocked rather than let through.
 */

export type AddressVerdict =
  { allowed: true; address: string } | { allowed: false; address: string; range: string };

/** Why an IPv6 range is refused, in words for the failure message (the ranges the brief names). */
const IPV6_RANGE_NAMES: Record<string, string> = {
  rfc6052: 'NAT64 (64:ff9b::/96)',
  '6to4': '6to4 (2002::/16)',
  teredo: 'Teredo (2001::/32)',
  uniqueLocal: 'unique local (fc00::/7)',
};

/**
 * Classifies one IP address (v4 or v6, no brackets). Anything that does not parse as an address is refused:
 * the caller is expected to have normalised literals with {@link normaliseHost} first.
 */
export function checkAddress(address: string): AddressVerdict {
  const bare = stripBrackets(address);
  if (!ipaddr.isValid(bare)) return { allowed: false, address, range: 'not an IP address' };
  const parsed = ipaddr.parse(bare);

  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:a.b.c.d reaches the embedded IPv4 host on a dual-stack socket: judge that host instead.
    if (v6.isIPv4MappedAddress()) {
      const inner = checkIPv4(v6.toIPv4Address());
      return inner.allowed
        ? { allowed: true, address }
        : { allowed: false, address, range: `IPv4-mapped ${inner.range}` };
    }
    const range = v6.range();
    if (range !== 'unicast') return { allowed: false, address, range: IPV6_RANGE_NAMES[range] ?? range };
    // IPv4-compatible ::a.b.c.d (deprecated, but some stacks still route it to the IPv4 host); ipaddr.js
    // calls it unicast. (:: and ::1 were caught above under their own names.)
    if (v6.parts.slice(0, 6).every((part) => part === 0)) {
      return { allowed: false, address, range: 'IPv4-compatible (::/96)' };
    }
    return { allowed: true, address };
  }
  const verdict = checkIPv4(parsed as ipaddr.IPv4);
  return verdict.allowed ? { allowed: true, address } : { allowed: false, address, range: verdict.range };
}

function checkIPv4(v4: ipaddr.IPv4): { allowed: true } | { allowed: false; range: string } {
  const range = v4.range();
  return range === 'unicast' ? { allowed: true } : { allowed: false, range };
}

/**
 * The host as the connection will actually see it. The WHATWG URL parser (which undici uses too) turns every
 * IPv4 spelling into dotted decimal — '2130706433', '0177.0.0.1', '0x7f.1', '127.1' all become 127.0.0.1 —
 * so checking the parsed hostname checks what will be dialled, not what the attacker wrote.
 */
export function normaliseHost(host: string): string | undefined {
  try {
    const hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`)
      .hostname;
    return stripBrackets(hostname);
  } catch {
    return undefined;
  }
}

/** True when the (normalised) host is an IP literal, which no DNS lookup will ever be asked about. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(stripBrackets(host));
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
