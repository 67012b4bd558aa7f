import { describe, expect, it } from 'vitest';
import { checkUrlShape, embeddedIpv4, isForbiddenAddress } from '../../src/features/webhooks/address.ts';
import { signatureHeader, verifySignature } from '../../src/features/webhooks/signature.ts';

describe('webhook address policy', () => {
  it('refuses loopback, private, shared, link-local and unspecified addresses in IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      // IPv6 forms that carry a loopback or private IPv4 address.
      '::ffff:7f00:1',
      '::ffff:0:7f00:1',
      '::ffff:0:10.1.2.3',
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '2002:7f00:1::1',
      '2002:c0a8:101:1::1',
      '2002:a9fe:a9fe::',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::8.8.8.8',
      '2001:0:7f00:1::1',
      // Teredo keeps its client's address inverted: ~127.0.0.1.
      '2001:0:808:808:0:0:80ff:fffe',
      'fe80::1%eth0',
      'not-an-ip',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
  });
  it('allows public addresses', () => {
    for (const address of [
      '93.184.216.34',
      '1.1.1.1',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '::ffff:0:808:808',
      '2002:808:808::1',
      '64:ff9b::8.8.8.8',
      '2001:0:808:808::f7f7:f7f7',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });
  it('finds the IPv4 address inside mapped, translated, compatible, NAT64, 6to4 and Teredo addresses', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toContain('127.0.0.1');
    expect(embeddedIpv4('::ffff:0:7f00:1')).toEqual(['127.0.0.1']);
    expect(embeddedIpv4('::7f00:1')).toEqual(['127.0.0.1']);
    expect(embeddedIpv4('64:ff9b::c0a8:1')).toEqual(['192.168.0.1']);
    expect(embeddedIpv4('2002:7f00:1::1')).toEqual(['127.0.0.1']);
    expect(embeddedIpv4('2001:0:102:304::f7f7:f7f7')).toEqual(['1.2.3.4', '8.8.8.8']);
    expect(embeddedIpv4('2606:4700:4700::1111')).toEqual([]);
    expect(embeddedIpv4('127.0.0.1')).toEqual([]);
  });
  it('takes https only, and plain http only when private addresses are allowed', () => {
    expect(checkUrlShape('https://example.com/hook', { allowPrivate: false })).toBeInstanceOf(URL);
    expect(checkUrlShape('http://example.com/hook', { allowPrivate: false })).toBe('invalid');
    expect(checkUrlShape('http://127.0.0.1:9/hook', { allowPrivate: true })).toBeInstanceOf(URL);
    expect(checkUrlShape('https://user:pw@example.com/', { allowPrivate: false })).toBe('invalid');
    expect(checkUrlShape('not a url', { allowPrivate: true })).toBe('invalid');
  });
});

describe('webhook signatures', () => {
  it('verify with the secret and timestamp they were made with, and nothing else', () => {
    const body = '{"id":"e1","type":"transcription.completed"}';
    const header = signatureHeader('whsec_a', body, 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_a', body, header, 1_700_000_010)).toBe(true);
    expect(verifySignature('whsec_b', body, header, 1_700_000_010)).toBe(false);
    expect(verifySignature('whsec_a', body + ' ', header, 1_700_000_010)).toBe(false);
    // Too old: a replay.
    expect(verifySignature('whsec_a', body, header, 1_700_001_000)).toBe(false);
  });
});
