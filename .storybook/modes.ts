/**
 * The review modes, declared once: viewport (phone, desktop) x scheme (light, dark) x locale (en, de).
 * preview.tsx offers the same values in its toolbars, Chromatic gets them as `parameters.chromatic.modes`,
 * and the story tests (vitest.setup.ts) screenshot every story tagged 'modes' in each of them.
 */

/** Viewports for the toolbar and the modes. Desktop is the frame every other baseline is taken in. */
export const reviewViewports = {
  phone: { name: 'Phone (390×844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  desktop: { name: 'Desktop (1024×640)', styles: { width: '1024px', height: '640px' }, type: 'desktop' },
} as const;

export type ReviewViewport = keyof typeof reviewViewports;
export type ReviewScheme = 'light' | 'dark';
export type ReviewLocale = 'en' | 'de';

export interface ReviewMode {
  /** Also the suffix of the mode's baseline, e.g. `phone-dark-de`. */
  name: string;
  viewport: ReviewViewport;
  scheme: ReviewScheme;
  locale: ReviewLocale;
}

const viewports: ReviewViewport[] = ['phone', 'desktop'];
const schemes: ReviewScheme[] = ['light', 'dark'];
const locales: ReviewLocale[] = ['en', 'de'];

export const reviewModes: ReviewMode[] = viewports.flatMap((viewport) =>
  schemes.flatMap((scheme) => locales.map((locale) => ({ name: `${viewport}-${scheme}-${locale}`, viewport, scheme, locale }))),
);

/** Pixel size of a review viewport. */
export function viewportSize(viewport: ReviewViewport): { width: number; height: number } {
  const { width, height } = reviewViewports[viewport].styles;
  return { width: Number.parseInt(width, 10), height: Number.parseInt(height, 10) };
}

/** The Storybook globals that select a mode (`viewport` in Storybook 9+'s `{ value }` form). */
export function modeGlobals(mode: ReviewMode) {
  return { viewport: { value: mode.viewport, isRotated: false }, scheme: mode.scheme, locale: mode.locale };
}

/**
 * The same modes in Chromatic's format: each mode is a set of globals; Chromatic takes the viewport as a
 * pixel size (https://www.chromatic.com/docs/modes).
 */
export const chromaticModes = Object.fromEntries(
  reviewModes.map((mode) => [mode.name, { viewport: viewportSize(mode.viewport), scheme: mode.scheme, locale: mode.locale }]),
);

/**
 * Story annotations that put a story through every mode: `export const Modes: Story = { ...inAllModes }`.
 * Such a story has no play function, so nothing in it depends on the language.
 */
export const inAllModes = {
  tags: ['modes'],
  parameters: { chromatic: { modes: chromaticModes } },
};
