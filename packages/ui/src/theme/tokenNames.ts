// Plain functions (a .css.ts file may export only data): how token paths become custom property names.

export const kebab = (path: string[]) => path.map((part) => part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join('-');

/** `['color', 'accentSoft']` → `--scribe-color-accent-soft`: the stable name a host sets. */
export const tokenVarName = (path: string[]) => `--scribe-${kebab(path)}`;
