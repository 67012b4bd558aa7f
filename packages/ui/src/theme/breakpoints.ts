/** Spec §9: the small-screen layout starts below 768 px. */
export const breakpoints = {
  mobileMax: 767,
  desktopMin: 768,
  /** 768 to 1023 px: the tablet layout (the AI panel stacks under the transcript). */
  tabletMax: 1023,
} as const;

/** Media queries for vanilla-extract `@media` blocks and `matchMedia`. */
export const media = {
  mobile: `screen and (max-width: ${breakpoints.mobileMax}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktopMin}px)`,
  tablet: `screen and (min-width: ${breakpoints.desktopMin}px) and (max-width: ${breakpoints.tabletMax}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
