import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach unless the operator allows it (WEBHOOK_ALLOW_PRIVATE): the
 * server's own machine and networks behind it (SSRF). Unspecified, loopback, private, shared (CGNAT),
 * link-local (cloud metadata at 169.254.169.254), benchmarking, multicast and reserved ranges, in IPv4
 * and IPv6 (IPv4-mapped IPv6 addresses are checked as IPv4).
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
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address a webhook may not reach (see above). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
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

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

/** The host's addresses; null when it does not resolve. */
export async function resolveHost(hostname: string): Promise<string[] | null> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(host)) return [host];
  try {
    return (await lookupAll(host)).map((a) => a.address);
  } catch {
    return null;
  }
}

/**
 * A `lookup` for http(s).request that refuses a forbidden address at connect time, so a name that
 * resolved to a public address when the webhook was saved cannot be re-pointed at the server's network
 * later (DNS rebinding): every address of the answer is checked, and the checked one is used.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    lookupAll(hostname).then(
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
