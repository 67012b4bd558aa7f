import { describe, expect, it } from 'vitest';
import { tokenVarNames } from '../../theme/contract.css.ts';
import { localeForDirection } from './ThemeProvider.tsx';
import { themeTokenVars } from './themeTokens.ts';

describe('themeTokenVars', () => {
  it('turns a partial token object into the public custom properties', () => {
    expect(
      themeTokenVars({ scheme: 'dark', color: { accent: '#0b7a5a', accentSoft: '#e0f5ee', text: undefined }, radius: { md: '2px' } }),
    ).toEqual({
      '--scribe-color-accent': '#0b7a5a',
      '--scribe-color-accent-soft': '#e0f5ee',
      '--scribe-radius-md': '2px',
    });
  });

  it('names only documented properties', () => {
    for (const name of Object.keys(themeTokenVars({ color: { accent: 'red', focusRing: 'blue' }, fontSize: { md: '15px' } }))) {
      expect(tokenVarNames).toContain(name);
    }
    expect(tokenVarNames).toContain('--scribe-color-accent');
    expect(tokenVarNames).toContain('--scribe-font-body');
  });
});

describe('localeForDirection', () => {
  it('keeps a locale whose direction fits, else picks one that has the direction', () => {
    expect(localeForDirection('ar', 'rtl')).toBe('ar');
    expect(localeForDirection('en-US', 'ltr')).toBe('en-US');
    expect(localeForDirection('de-DE', 'rtl')).toBe('he');
    expect(localeForDirection('he', 'ltr')).toBe('en-US');
  });
});
