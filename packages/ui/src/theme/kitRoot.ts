/**
 * The class on every transcript-kit component's root and on every overlay ui portals to <body> (menus,
 * dialogs, drawers, toasts). The kit's base styles and theme values are scoped under it, so nothing the
 * packages ship styles a host's own elements. Stable (never hashed): hosts and the packed stylesheet's
 * guard select it.
 */
export const KIT_ROOT_CLASS = 'scribe-kit';

/** Set on any ancestor to change the kit's font (fonts.css sets it to Inter); unset means the system font. */
export const FONT_SANS_VAR = '--scribe-font-sans';
export const SYSTEM_FONT_STACK = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', sans-serif";
/** What fonts.css sets: Inter first, the system stack behind it (as the app always rendered). */
export const INTER_FONT_STACK = `'Inter Variable', ${SYSTEM_FONT_STACK}`;
