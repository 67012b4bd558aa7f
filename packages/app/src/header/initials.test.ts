import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first and last name', () => {
    expect(initials('Ada Lovelace', 'ada')).toBe('AL');
    expect(initials('  grace  brewster murray hopper ', 'gh')).toBe('GH');
  });

  it('uses the start of a single name, else of the username', () => {
    expect(initials('Plato', 'plato')).toBe('PL');
    expect(initials('', 'zoe')).toBe('ZO');
  });
});
