// Menus, popovers and dialogs portal to <body>, outside the container that themes the kit (a host's
// `--scribe-…` values, a dark theme class, `dir`). CSS inheritance cannot reach them there, so each overlay
// root takes the theme its opener computes: the custom properties, the colour scheme and the direction.
import { createContext, useCallback, useContext, type RefObject } from 'react';
import { defaultVarNames, tokenVarNames } from '../../theme/contract.css.ts';
import { FONT_SANS_VAR } from '../../theme/kitRoot.ts';

const CARRIED = [...tokenVarNames, ...defaultVarNames, FONT_SANS_VAR];

/** Copies the theme `source` computes onto `overlay` (inline, so it beats the kit's defaults on the root). */
export function carryTheme(source: Element, overlay: HTMLElement): void {
  const computed = getComputedStyle(source);
  for (const name of CARRIED) {
    const value = computed.getPropertyValue(name).trim();
    if (value) overlay.style.setProperty(name, value);
    else overlay.style.removeProperty(name);
  }
  overlay.style.colorScheme = computed.colorScheme;
  if (computed.direction === 'rtl') overlay.setAttribute('dir', 'rtl');
  else overlay.removeAttribute('dir');
}

/** The element of the nearest ThemeProvider: the theme of overlays that no focused trigger opened. */
export const ThemeSourceContext = createContext<RefObject<HTMLElement | null> | null>(null);

/**
 * A ref for an overlay's root: on mount it takes the theme of its trigger, else of the element that had
 * focus when it opened (focus moves into a dialog only after its root mounts), else of the ThemeProvider.
 */
export function useThemeCarrier(triggerRef?: RefObject<Element | null> | null) {
  const provider = useContext(ThemeSourceContext);
  return useCallback(
    (overlay: HTMLElement | null) => {
      if (!overlay) return;
      const usable = (el: Element | null | undefined): el is Element =>
        !!el && el.isConnected && el !== document.body && el !== document.documentElement && !overlay.contains(el);
      const source = [triggerRef?.current, document.activeElement, provider?.current].find(usable);
      if (source) carryTheme(source, overlay);
    },
    [triggerRef, provider],
  );
}
