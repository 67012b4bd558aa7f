import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { PluginOption } from 'vite';

/** The plugins every React build here needs: JSX with the Lingui macro, .po catalogs, vanilla-extract. */
export function sharedPlugins(): PluginOption[] {
  return [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui(), vanillaExtractPlugin()];
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
