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
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
