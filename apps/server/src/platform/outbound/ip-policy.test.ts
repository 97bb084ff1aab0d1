import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseIPv6, refusedAddressReason } from './ip-policy';

describe('outbound address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.10.10', 'link-local'],
    ['168.63.129.16', 'cloud metadata'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['0.0.0.0', 'unspecified ("this network")'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved (incl. broadcast)'],
    ['198.18.0.1', 'reserved (benchmarking)'],
    ['192.0.2.5', 'documentation'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'private (unique local)'],
    ['fd12:3456::1', 'private (unique local)'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped IPv6'],
    ['::ffff:7f00:1', 'IPv4-mapped IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped IPv6'],
    ['::127.0.0.1', 'IPv4-compatible IPv6'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['64:ff9b:1::a00:1', 'NAT64'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['fec0::1', 'private (site-local)'],
    ['100::1', 'reserved (discard)'],
    ['1234::1', 'reserved (outside global unicast)'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
  ])('accepts the public address %s', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });

  it('refuses anything that is not a canonical IP literal', () => {
    for (const odd of ['localhost', '2130706433', '0177.0.0.1', '0x7f.0.0.1', '127.1', '', '1.2.3.4.5']) {
      expect(refusedAddressReason(odd)).toBe('not an IP address');
    }
  });

  it('parses IPv6 with compression and an embedded dotted quad', () => {
    expect(Array.from(parseIPv6('::ffff:127.0.0.1')!)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1,
    ]);
    expect(Array.from(parseIPv6('fe80::1')!).slice(0, 2)).toEqual([0xfe, 0x80]);
    expect(Array.from(parseIPv6('1:2:3:4:5:6:7:8')!)).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseIPv6('not-ip')).toBeNull();
  });
});
