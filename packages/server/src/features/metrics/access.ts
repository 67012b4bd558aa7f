import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { bearerSecret } from '../auth/guard.ts';

/**
 * Networks allowed to scrape without a token: loopback and private (RFC 1918, unique local IPv6),
 * also as IPv4-mapped IPv6 addresses in any spelling (::ffff:10.0.0.1, ::ffff:a00:1).
 */
const privateNetworks = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  privateNetworks.addSubnet(net, prefix, 'ipv4');
  privateNetworks.addSubnet(`::ffff:${net}`, 96 + prefix, 'ipv6');
}
privateNetworks.addSubnet('::1', 128, 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');

/** True for a loopback or private address; anything else (public, link-local, not an address) is false. */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/%.*$/, ''); // a zone id names an interface, not a network
  const family = isIP(plain);
  if (family === 4) return privateNetworks.check(plain, 'ipv4');
  if (family === 6) return privateNetworks.check(plain, 'ipv6');
  return false;
}

function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
}

/** The node of a `Forwarded: for=…` element without quotes, brackets or port ("[2001:db8::1]:4711" -> 2001:db8::1). */
function forwardedNode(element: string): string | undefined {
  const match = /(?:^|;)\s*for\s*=\s*("?)([^;]*)\1\s*(?:;|$)/i.exec(element.trim());
  if (!match) return undefined;
  const node = match[2]!.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(node);
  if (bracketed) return bracketed[1];
  const v4port = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(node);
  return v4port ? v4port[1] : node;
}

/**
 * True when the request comes from a loopback or private address. Not only the address the server
 * settles on (request.ip, which with TRUST_PROXY may be taken from X-Forwarded-For) counts: the peer
 * of the connection and every address in X-Forwarded-For, X-Real-IP and Forwarded must be private too.
 * A header can then only make a request look less private: a caller outside who sends
 * `X-Forwarded-For: 10.0.0.1` through a proxy that appends the real address is refused whatever
 * TRUST_PROXY says, and so is a request a proxy forwards from outside with the client in a header.
 */
export function fromPrivateNetwork(request: FastifyRequest): boolean {
  if (!isPrivateAddress(request.socket.remoteAddress) || !isPrivateAddress(request.ip)) return false;
  const { headers } = request;
  for (const entry of headerValues(headers['x-forwarded-for'])) if (!isPrivateAddress(entry.trim())) return false;
  for (const entry of headerValues(headers['x-real-ip'])) if (!isPrivateAddress(entry.trim())) return false;
  for (const element of headerValues(headers.forwarded)) {
    // An element without for= names no client; one with an unknown or obfuscated node is not private.
    if (!/(?:^|;)\s*for\s*=/i.test(element)) continue;
    if (!isPrivateAddress(forwardedNode(element))) return false;
  }
  return true;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Checks `Authorization: Bearer <token>` against the configured token in constant time: both are
 * hashed first, so neither their contents nor their lengths show in the time taken.
 */
export function bearerTokenCheck(token: string): (request: FastifyRequest) => boolean {
  const expected = digest(token);
  return (request) => {
    const given = bearerSecret(request);
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}
