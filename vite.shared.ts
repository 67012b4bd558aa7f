import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { PluginOption } from 'vite';

/**
 * The plugins every React build here needs: JSX with the Lingui macro, .po catalogs, vanilla-extract.
 * `classPrefix` prefixes every generated class and variable name (the published packages use it so their
 * stylesheet can tell the kit's own elements from a host's).
 */
export function sharedPlugins(options: { classPrefix?: string } = {}): PluginOption[] {
  const { classPrefix } = options;
  return [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    vanillaExtractPlugin(classPrefix ? { identifiers: ({ hash }) => `${classPrefix}${hash}` } : {}),
  ];
}

/** Debian's Chromium, driven by Playwright: it cannot download a browser here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The features Playwright turns off when it launches Chromium (playwright-core's `chromiumSwitches`).
 * Chromium reads only the last `--disable-features`, so ours must repeat them; scripts/chromium-args.test.ts
 * fails when Playwright's own list holds one that is not here.
 */
const playwrightDisabledFeatures = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];
/**
 * Chromium 156 loads its address bar's pop-up (chrome://omnibox-popup, a WebUI page) into every window,
 * headless too, where nobody can open it; each copy kept its renderer about a tenth of a core busy while
 * the window was open, more than a journey's own page took. Measured with 4 idle pages in one browser:
 * 503 CPU ticks in 10 s with it, 32 without (scripts/chromium-args.test.ts checks it is gone).
 */
export const browserUiFeaturesOff = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...playwrightDisabledFeatures, ...browserUiFeaturesOff].join(',')}`,
];
/**
 * The journeys' Chromium. Debian's wrapper turns GPU rasterization on, which headless Chromium then
 * emulates in SwiftShader: each browser's GPU process took a quarter of a core through the journeys.
 * Skia's own raster draws the same pages (the journeys' visual baselines hold) for less: auth and texts
 * journeys, 29,071 CPU ticks before, 24,950 after, on this machine. The stories keep the shared
 * arguments until their baselines are checked with it.
 */
export const journeyChromiumArgs = [...chromiumArgs, '--disable-gpu-rasterization'];
