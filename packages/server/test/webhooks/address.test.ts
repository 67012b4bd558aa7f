import { describe, expect, it } from 'vitest';
import { checkUrlShape, isForbiddenAddress } from '../../src/features/webhooks/address.ts';
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
      'not-an-ip',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
  });
  it('allows public addresses', () => {
    for (const address of ['93.184.216.34', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
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
