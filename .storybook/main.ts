import type { StorybookConfig } from '@storybook/react-vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, PluginOption } from 'vite';
import { sharedPlugins } from '../vite.shared.ts';

const configDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.join(configDir, '..');
const packagesDir = path.join(repoRoot, 'packages');
const uiPackageJson = path.join(packagesDir, 'ui/package.json');

/**
 * The root package has no react or lingui runtime (pnpm keeps them per package), so bare imports
 * that fail from the root (.storybook/*.tsx, vite's optimizeDeps.include list) resolve as if made
 * from @scribe/ui, which depends on both. Same store paths, so there is still one React.
 */
const resolveFromUi: Plugin = {
  name: 'scribe:storybook-resolve-from-ui',
  enforce: 'pre',
  async resolveId(id, importer, options) {
    if (id.startsWith('.') || id.startsWith('\0') || path.isAbsolute(id)) return null;
    if (importer && importer.startsWith(packagesDir)) return null;
    const own = await this.resolve(id, importer, { ...options, skipSelf: true });
    if (own) return own;
    return this.resolve(id, uiPackageJson, { ...options, skipSelf: true });
  },
};

type FlatPlugin = Exclude<PluginOption, PluginOption[] | Promise<unknown>>;

function flatten(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? []).flatMap((p) => (Array.isArray(p) ? flatten(p) : [p]));
}

const pluginName = (p: PluginOption) =>
  p && typeof p === 'object' && 'name' in (p as object) ? (p as Exclude<FlatPlugin, false | null | undefined>).name : undefined;

const config: StorybookConfig = {
  stories: ['../packages/*/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The same React (+ Lingui macro), .po and vanilla-extract plugins as the app. Any plugin of the
  // same name already present (e.g. a react plugin added elsewhere) is dropped so none runs twice.
  async viteFinal(viteConfig) {
    const shared = flatten(sharedPlugins());
    const sharedNames = new Set(shared.map(pluginName).filter(Boolean));
    const existing = flatten(viteConfig.plugins).filter((p) => {
      const name = pluginName(p);
      return !(name && (sharedNames.has(name) || name.startsWith('vite:react')));
    });
    return {
      ...viteConfig,
      plugins: [resolveFromUi, ...existing, ...shared],
      // Under vitest NODE_ENV is 'test', and react-aria/react-stately's virtualizer then reads
      // `process.env.VIRT_ON` (a ReferenceError in a browser). Defining it also keeps real virtualization
      // on in the story tests, so they see what users get. Apps never reach that read.
      define: { ...viteConfig.define, 'process.env.VIRT_ON': JSON.stringify('1') },
    };
  },
};

export default config;
