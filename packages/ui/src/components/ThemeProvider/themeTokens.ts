// A custom token object → the public `--scribe-…` properties a ThemeProvider sets. Pure, unit-tested.
import { tokenVarName } from '../../theme/tokenNames.ts';

type Group = 'color' | 'space' | 'font' | 'fontSize' | 'fontWeight' | 'lineHeight' | 'radius' | 'shadow' | 'motion';

/** Any subset of the theme's tokens, e.g. `{ color: { accent: '#0b7a5a' }, radius: { md: '2px' } }`. */
export type ThemeTokens = { [G in Group]?: Record<string, string | undefined> } & {
  /** The scheme the values not given follow (default: the surrounding one, or the system setting). */
  scheme?: 'light' | 'dark';
};

/** `{ color: { accentSoft: '#eef' } }` → `{ '--scribe-color-accent-soft': '#eef' }` (unknown groups ignored). */
export function themeTokenVars(tokens: ThemeTokens): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [group, values] of Object.entries(tokens)) {
    if (group === 'scheme' || !values || typeof values !== 'object') continue;
    for (const [name, value] of Object.entries(values as Record<string, string | undefined>)) {
      if (value !== undefined && value !== '') out[tokenVarName([group, name])] = value;
    }
  }
  return out;
}
