import { checkAddress, isIpLiteral, normaliseHost } from './address-guard';

/** What the guard decides for a host as written in a URL: normalised the way the connection will be. */
function verdictFor(host: string) {
  const normalised = normaliseHost(host);
  if (normalised === undefined) throw new Error(`did not parse: ${host}`);
  return checkAddress(normalised);
}

describe('address guard', () => {
  it.each([
    // loopback, in every IPv4 spelling the URL parser accepts
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['127.000.000.001', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['[::1]', 'loopback'],
    ['::1', 'loopback'],
    ['[0:0:0:0:0:0:0:1]', 'loopback'],
    // private, link-local, CGNAT, unspecified, multicast, broadcast, reserved
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['2852039166', 'linkLocal'], // 169.254.169.254 as one decimal
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['[::]', 'unspecified'],
    ['[fc00::1]', 'unique local'],
    ['[fd12:3456:789a::1]', 'unique local'],
    ['[fe80::1]', 'linkLocal'],
    ['[ff02::1]', 'multicast'],
    // IPv6 forms that reach IPv4 hosts
    ['[::ffff:127.0.0.1]', 'IPv4-mapped loopback'],
    ['[::ffff:7f00:1]', 'IPv4-mapped loopback'],
    ['[::ffff:a9fe:a9fe]', 'IPv4-mapped linkLocal'],
    ['[::ffff:10.0.0.1]', 'IPv4-mapped private'],
    ['[::127.0.0.1]', 'IPv4-compatible'],
    ['[2002:7f00:1::]', '6to4'],
    ['[2002:c0a8:101::1]', '6to4'],
    ['[2001::1]', 'Teredo'],
    ['[2001:0:4136:e378:8000:63bf:3fff:fdd2]', 'Teredo'],
    ['[64:ff9b::7f00:1]', 'NAT64'],
    ['[64:ff9b::808:808]', 'NAT64'],
    ['[2001:db8::1]', 'reserved'],
  ])('refuses %s (%s)', (host, range) => {
    const verdict = verdictFor(host);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.range).toContain(range);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '11.0.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '[2606:4700:4700::1111]',
    '[2a00:1450:4001:80b::200e]',
    // a mapped address is judged by the IPv4 host it embeds
    '[::ffff:8.8.8.8]',
  ])('allows the public address %s', (host) => {
    expect(verdictFor(host)).toEqual(expect.objectContaining({ allowed: true }));
  });

  it('refuses anything that is not an address', () => {
    expect(checkAddress('example.com').allowed).toBe(false);
    expect(checkAddress('').allowed).toBe(false);
  });

  it('recognises IP literals only after normalisation', () => {
    expect(isIpLiteral(normaliseHost('127.1')!)).toBe(true);
    expect(isIpLiteral(normaliseHost('[::ffff:a9fe:a9fe]')!)).toBe(true);
    expect(isIpLiteral(normaliseHost('feeds.example.com')!)).toBe(false);
    expect(normaliseHost('exa mple.com')).toBeUndefined();
  });
});
