import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Addresses a webhook must not reach unless the operator allows it (WEBHOOK_ALLOW_PRIVATE): the
 * server's own machine and networks behind it (SSRF). Unspecified, loopback, private, shared (CGNAT),
 * link-local (cloud metadata at 169.254.169.254), benchmarking, multicast and reserved ranges, in IPv4
 * and IPv6. An IPv6 address that carries an IPv4 address (see embeddedIpv4) is judged by that one too.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  // NAT64 local-use prefix (RFC 8215): a translator on the operator's own network, with an embedding
  // its operator chooses, so nothing behind it can be judged from here.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address in bytes `at`..`at`+3 of an IPv6 address, XORed with `mask` (Teredo hides its client's). */
function ipv4At(bytes: number[], at: number, mask = 0): string {
  return bytes
    .slice(at, at + 4)
    .map((b) => (b ^ mask) & 0xff)
    .join('.');
}

const zero = (bytes: number[], from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);

/**
 * The IPv4 addresses an IPv6 address leads to: IPv4-mapped (::ffff:a.b.c.d), SIIT IPv4-translated
 * (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 well-known prefix (64:ff9b::a.b.c.d),
 * 6to4 (2002:AABB:CCDD::/48) and Teredo (2001:0::/32: its server, and its client stored inverted).
 * Any of them reaches the IPv4 host behind it, so each must be allowed for the IPv6 address to be.
 */
export function embeddedIpv4(address: string): string[] {
  if (!ipaddr.IPv6.isValid(address)) return [];
  const bytes = ipaddr.IPv6.parse(address).toByteArray();
  const word = (i: number) => (bytes[i]! << 8) | bytes[i + 1]!;
  const found: string[] = [];
  if (zero(bytes, 0, 10) && word(10) === 0xffff) found.push(ipv4At(bytes, 12));
  if (zero(bytes, 0, 8) && word(8) === 0xffff && word(10) === 0) found.push(ipv4At(bytes, 12));
  if (zero(bytes, 0, 12)) found.push(ipv4At(bytes, 12));
  if (word(0) === 0x64 && word(2) === 0xff9b && zero(bytes, 4, 12)) found.push(ipv4At(bytes, 12));
  if (word(0) === 0x2002) found.push(ipv4At(bytes, 2));
  if (word(0) === 0x2001 && word(2) === 0) found.push(ipv4At(bytes, 4), ipv4At(bytes, 12, 0xff));
  return found;
}

/** True for an address a webhook may not reach (see above); anything that is not an IP address is refused too. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // A zone (fe80::1%eth0) names an interface of this machine: link-local whatever the address.
  if (address.includes('%')) return true;
  if (embeddedIpv4(address).some((v4) => blocked.check(v4, 'ipv4'))) return true;
  return blocked.check(address, 'ipv6');
}

export interface AddressPolicy {
  /** Private, loopback and link-local addresses, and plain http, allowed (tests, trusted networks). */
  allowPrivate: boolean;
}

/** Why a URL is refused: 'invalid' (not an https URL) or 'forbidden' (a forbidden address), else null. */
export function checkUrlShape(raw: string, policy: AddressPolicy): URL | 'invalid' {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  const schemeOk = url.protocol === 'https:' || (policy.allowPrivate && url.protocol === 'http:');
  if (!schemeOk || !url.hostname || url.username || url.password) return 'invalid';
  return url;
}

/** Every address of a host name (the system resolver by default; tests put their own answers here). */
export type HostLookup = (host: string) => Promise<LookupAddress[]>;

export function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

/** The host's addresses; null when it does not resolve. */
export async function resolveHost(hostname: string, lookup: HostLookup = lookupAll): Promise<string[] | null> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(host)) return [host];
  try {
    return (await lookup(host)).map((a) => a.address);
  } catch {
    return null;
  }
}

/**
 * A `lookup` for http(s).request that refuses a forbidden address at connect time, so a name that
 * resolved to a public address when the webhook was saved cannot be re-pointed at the server's network
 * later (DNS rebinding): every address of the answer is checked, and the checked one is used.
 */
export function guardedLookup(policy: AddressPolicy, lookup: HostLookup = lookupAll) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    lookup(hostname).then(
      (addresses) => {
        if (!policy.allowPrivate && (addresses.length === 0 || addresses.some((a) => isForbiddenAddress(a.address)))) {
          const err: NodeJS.ErrnoException = new Error(`webhook host ${hostname} resolves to a forbidden address`);
          err.code = 'EFORBIDDENADDRESS';
          callback(err, '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
