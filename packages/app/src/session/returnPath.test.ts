import { describe, expect, it } from 'vitest';
import { returnPath } from './returnPath.ts';

describe('returnPath', () => {
  it('returns to the protected page the visitor asked for, with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/settings', search: '?tab=1', hash: '#top' } })).toBe('/settings?tab=1#top');
    expect(returnPath({ from: { pathname: '/help' } })).toBe('/help');
  });

  it('falls back (null) without a remembered page', () => {
    expect(returnPath(null)).toBeNull();
    expect(returnPath(undefined)).toBeNull();
    expect(returnPath({})).toBeNull();
    expect(returnPath('/settings')).toBeNull();
  });

  it('never returns to the sign-in pages or off the site', () => {
    expect(returnPath({ from: { pathname: '/login' } })).toBeNull();
    expect(returnPath({ from: { pathname: '/register' } })).toBeNull();
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBeNull();
    expect(returnPath({ from: { pathname: 'https://evil.example/' } })).toBeNull();
  });
});
