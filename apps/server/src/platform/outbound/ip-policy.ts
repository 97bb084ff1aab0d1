import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses an outbound fetch may connect to. The rule is "public unicast only": every
 * special-purpose block of the IANA registries is refused, because an address that is not on the
 * public internet is, from the server's point of view, somebody's internal network.
 */

type Range = { bytes: Uint8Array; bits: number; label: string };

const v4 = (cidr: string, label: string): Range => {
  const [ip, bits] = cidr.split('/') as [string, string];
  return { bytes: parseIPv4(ip)!, bits: Number(bits), label };
};
const v6 = (cidr: string, label: string): Range => {
  const [ip, bits] = cidr.split('/') as [string, string];
  return { bytes: parseIPv6(ip)!, bits: Number(bits), label };
};

// Most specific first: the first match names the reason.
const IPV4_BLOCKED: Range[] = [
  v4('169.254.169.254/32', 'cloud metadata'),
  // Azure's platform endpoint (wireserver) sits in public space but answers only inside the cloud.
  v4('168.63.129.16/32', 'cloud metadata'),
  v4('0.0.0.0/8', 'unspecified ("this network")'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'shared (CGNAT)'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved (IETF protocol assignments)'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.88.99.0/24', 'reserved (6to4 relay)'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'reserved (benchmarking)'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved (incl. broadcast)'),
];

const IPV6_BLOCKED: Range[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('fd00:ec2::254/128', 'cloud metadata'),
  // Embedded-IPv4 forms: each can reach an IPv4 host through the stack or a gateway, so none are
  // allowed, whatever IPv4 address they carry.
  v6('::ffff:0:0/96', 'IPv4-mapped IPv6'),
  v6('::/96', 'IPv4-compatible IPv6'),
  v6('64:ff9b::/96', 'NAT64'),
  v6('64:ff9b:1::/48', 'NAT64'),
  v6('2002::/16', '6to4'),
  v6('2001::/32', 'Teredo'),
  v6('100::/64', 'reserved (discard)'),
  v6('2001:db8::/32', 'documentation'),
  v6('2001::/23', 'reserved (IETF protocol assignments)'),
  v6('3fff::/20', 'documentation'),
  v6('fc00::/7', 'private (unique local)'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'private (site-local)'),
  v6('ff00::/8', 'multicast'),
];

// Global unicast is 2000::/3; everything outside it is unassigned or special.
const IPV6_GLOBAL = v6('2000::/3', 'global unicast');

/** Four bytes of a canonical dotted-decimal IPv4 address, or null. */
export function parseIPv4(address: string): Uint8Array | null {
  if (!isIPv4(address)) return null;
  return Uint8Array.from(address.split('.').map(Number));
}

/** Sixteen bytes of an IPv6 address (zone id ignored, embedded dotted quad allowed), or null. */
export function parseIPv6(address: string): Uint8Array | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let text = bare;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = parseIPv4(dotted[1]!)!;
    text =
      text.slice(0, dotted.index) + `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(fill).fill('0'), ...tailGroups];
  const out = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = parseInt(g, 16);
    out[i * 2] = n >> 8;
    out[i * 2 + 1] = n & 0xff;
  });
  return out;
}

const inRange = (bytes: Uint8Array, range: Range): boolean => {
  if (bytes.length !== range.bytes.length) return false;
  const full = Math.floor(range.bits / 8);
  for (let i = 0; i < full; i++) if (bytes[i] !== range.bytes[i]) return false;
  const rest = range.bits % 8;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (bytes[full]! & mask) === (range.bytes[full]! & mask);
};

/**
 * Why an IP address may not be fetched ("loopback", "private", ...), or null when it is public
 * unicast. Anything that is not a valid IP address literal is refused as "not an IP address".
 */
export function refusedAddressReason(address: string): string | null {
  const ipv4 = parseIPv4(address);
  if (ipv4) return IPV4_BLOCKED.find((r) => inRange(ipv4, r))?.label ?? null;
  const ipv6 = parseIPv6(address);
  if (!ipv6) return 'not an IP address';
  const blocked = IPV6_BLOCKED.find((r) => inRange(ipv6, r));
  if (blocked) return blocked.label;
  return inRange(ipv6, IPV6_GLOBAL) ? null : 'reserved (outside global unicast)';
}

/** True when an outbound fetch may connect to this IP address. */
export function isPublicAddress(address: string): boolean {
  return refusedAddressReason(address) === null;
}
