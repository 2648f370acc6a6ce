import { networkOf } from './network-key';

describe('networkOf', () => {
  it('keeps each IPv4 address its own network by default', () => {
    expect(networkOf('203.0.113.7')).toBe('4:203.0.113.7/32');
    expect(networkOf('203.0.113.8')).not.toBe(networkOf('203.0.113.7'));
  });

  it('puts every address of one IPv6 /64 in one network, and the next /64 in another', () => {
    const one = networkOf('2001:db8:1:2::1');
    expect(one).toBe('6:2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(one);
    expect(networkOf('2001:0db8:0001:0002:0000:0000:0000:00aa')).toBe(one);
    expect(networkOf('2001:db8:1:3::1')).not.toBe(one);
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(networkOf('::ffff:127.0.0.2')).toBe(networkOf('127.0.0.2'));
  });

  it('takes configured prefixes', () => {
    expect(networkOf('198.51.100.77', { ipv4: 24, ipv6: 64 })).toBe('4:198.51.100.0/24');
    expect(networkOf('2001:db8:1:2::1', { ipv4: 32, ipv6: 48 })).toBe('6:2001:db8:1::/48');
    expect(networkOf('2001:db8:1:2::1', { ipv4: 32, ipv6: 56 })).toBe('6:2001:db8:1::/56');
    expect(networkOf('2001:db8:1:2ff::1', { ipv4: 32, ipv6: 56 })).toBe('6:2001:db8:1:200::/56');
  });

  it('answers each setting of the prefixes for itself, however often an address is asked', () => {
    const wide = { ipv4: 16, ipv6: 32 };
    for (let round = 0; round < 3; round += 1) {
      expect(networkOf('198.51.100.77')).toBe('4:198.51.100.77/32');
      expect(networkOf('198.51.100.77', wide)).toBe('4:198.51.0.0/16');
      expect(networkOf('198.51.100.77', { ipv4: 24, ipv6: 64 })).toBe('4:198.51.100.0/24');
    }
  });

  it('drops a zone id and keeps non-addresses apart from addresses', () => {
    expect(networkOf('fe80::1%eth0')).toBe('6:fe80::/64');
    expect(networkOf('unknown')).toBe('x:unknown');
  });
});
