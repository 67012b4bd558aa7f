import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address stands for in rate limits: an IPv4 address itself, an IPv6 address
 * as its /64 (one subscriber usually holds a whole /64, so single addresses would give unlimited
 * budgets). IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) count as their IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names an interface, not a host
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with '::' and a trailing dotted IPv4 part resolved). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  if (tail === undefined) return left;
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
