// Builds a publishable package (ui, transcript-kit) into its dist/: ES modules, one per source module
// (dependencies left to the consumer's bundler), each component's stylesheet beside its module and imported
// by it (vanilla-extract, extracted, inside the `scribe` cascade layer), the full stylesheet (style.css) for
// hosts that want every rule in one file, one stylesheet per `.css` export (ui's opt-in global.css and
// fonts.css), and type declarations. `pnpm pack` then takes dist/ and the publishConfig of package.json.
//   node --import tsx scripts/build-package.ts packages/transcript-kit   (relative to the working directory)
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import MagicString from 'magic-string';
import { build, type Plugin } from 'vite';
import { KIT_ROOT_CLASS } from '../packages/ui/src/theme/kitRoot.ts';
import { sharedPlugins } from '../vite.shared.ts';

/** Every class and variable name the packages generate starts with this (see layeredStylesheet). */
export const CLASS_PREFIX = 'scribe_';

const root = resolve(import.meta.dirname, '..');

/** Every `.d.ts` below `dir`. */
function declarationFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return declarationFiles(path);
    return path.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Runs `build` as a production build whatever NODE_ENV the caller has (a test runner sets 'test'): Vite,
 * React and the Lingui macro read it, and a published package or a measured bundle is a production one.
 */
export async function asProduction<T>(build: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await build();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

export async function buildPackage(packageDir: string): Promise<void> {
  await asProduction(() => buildPackageFiles(packageDir));
}

async function buildPackageFiles(packageDir: string): Promise<void> {
  const dir = resolve(root, packageDir);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    exports: Record<string, string>;
  };
  // Bundled with the package: what only ships as CSS or fonts. Everything else stays an import.
  const bundled = new Set(['@fontsource-variable/inter']);
  const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).filter((d) => !bundled.has(d));
  const isExternal = (id: string) => external.some((d) => id === d || id.startsWith(`${d}/`)) || /^react(-dom)?(\/|$)/.test(id);

  // `.css` exports (e.g. ui's global.css) are stylesheets of their own, built apart from style.css.
  const isCss = (subpath: string) => subpath.endsWith('.css');
  const entries = Object.fromEntries(
    Object.entries(pkg.exports)
      .filter(([subpath]) => !isCss(subpath))
      .map(([subpath, file]) => [subpath === '.' ? 'index' : subpath.slice(2), join(dir, file)]),
  );
  const outDir = join(dir, 'dist');
  rmSync(outDir, { recursive: true, force: true });

  // Styles that use ui's theme contract take its variable names from ui's build (build ui first): compiled
  // here from ui's sources they would get names hashed from this package's view of those files.
  const uiTheme = join(root, 'packages', 'ui', 'dist', 'theme.js');
  const alias = pkg.name === '@scribe/ui' ? [] : [{ find: /^@scribe\/ui\/theme$/, replacement: uiTheme }];
  // A package built on its own (`pnpm --filter @scribe/transcript-kit build`) builds ui first when it has no dist.
  if (alias.length && !existsSync(uiTheme)) await buildPackage(join(root, 'packages', 'ui'));

  // The modules: one file per source module, so a host's bundler keeps only the modules (and with them the
  // stylesheets) of the components it uses. Each stylesheet is imported by the module it belongs to.
  const output = await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [...sharedPlugins({ classPrefix: CLASS_PREFIX }), moduleStylesheets(join(dir, 'src')), englishInModules(dir)],
    resolve: { alias },
    build: {
      outDir,
      emptyOutDir: false,
      minify: false, // the consumer's bundler minifies; readable code is easier to debug
      sourcemap: true,
      cssCodeSplit: true,
      lib: { entry: entries, formats: ['es'] },
      rollupOptions: {
        external: isExternal,
        output: { preserveModules: true, preserveModulesRoot: join(dir, 'src'), entryFileNames: '[name].js' },
      },
    },
  });
  // Each export must land on the file publishConfig.exports names (preserved modules take the entry's name).
  const written = new Set(
    (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output.map((item) => item.fileName) : [])),
  );
  for (const name of Object.keys(entries)) {
    if (!written.has(`${name}.js`)) throw new Error(`${pkg.name}: entry ${name} was not written to dist/${name}.js`);
  }
  // Server side (plain Node, SSR builds): the `node` condition of "#styles/*" maps every stylesheet here.
  writeFileSync(
    join(outDir, NO_STYLES),
    '// The components\' stylesheets on a server: nothing (see "imports" in package.json).\nexport {};\n',
  );

  // The full stylesheet, as before: every rule of the package in one file, for `import '<package>/style.css'`.
  const full = mkdtempSync(join(tmpdir(), 'scribe-style-'));
  try {
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      plugins: sharedPlugins({ classPrefix: CLASS_PREFIX }),
      resolve: { alias },
      build: {
        outDir: full,
        emptyOutDir: true,
        minify: false,
        sourcemap: false,
        cssCodeSplit: false, // one CSS file
        lib: { entry: entries, formats: ['es'], cssFileName: 'style' },
        rollupOptions: { external: isExternal },
      },
    });
    if (existsSync(join(full, 'style.css'))) copyFileSync(join(full, 'style.css'), join(outDir, 'style.css'));
  } finally {
    rmSync(full, { recursive: true, force: true });
  }
  const styleCss = join(outDir, 'style.css');
  if (existsSync(styleCss)) writeFileSync(styleCss, layeredStylesheet(readFileSync(styleCss, 'utf8')));

  for (const [subpath, file] of Object.entries(pkg.exports).filter(([subpath]) => isCss(subpath))) {
    const name = basename(subpath, '.css');
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      plugins: sharedPlugins({ classPrefix: CLASS_PREFIX }),
      resolve: { alias },
      build: {
        outDir,
        emptyOutDir: false,
        minify: false,
        sourcemap: false,
        cssCodeSplit: false,
        lib: { entry: { [`${name}.css-entry`]: join(dir, file) }, formats: ['es'], cssFileName: name },
        rollupOptions: { external: isExternal },
      },
    });
    // Only the stylesheet ships: the entry's (empty) module is dropped.
    rmSync(join(outDir, `${name}.css-entry.js`), { force: true });
  }

  // Declarations: tsc over the sources (stories, tests and test helpers left out), then the `.ts`/`.tsx`
  // specifiers the sources use are rewritten to the `.js` files that sit beside the declarations.
  const tsconfig = join(dir, 'tsconfig.build.json');
  writeFileSync(
    tsconfig,
    JSON.stringify(
      {
        extends: '../../tsconfig.base.json',
        compilerOptions: {
          noEmit: false,
          declaration: true,
          emitDeclarationOnly: true,
          rootDir: 'src',
          outDir: 'dist/types',
          types: [],
        },
        include: ['src'],
        exclude: ['src/**/*.stories.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'src/testing'],
      },
      null,
      2,
    ) + '\n',
  );
  try {
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (tsc.status !== 0) throw new Error(`${pkg.name}: declarations failed`);
  } finally {
    rmSync(tsconfig, { force: true });
  }
  for (const file of declarationFiles(join(outDir, 'types'))) {
    const text = readFileSync(file, 'utf8');
    const fixed = text.replace(/((?:from|import)\s*['"])(\.{1,2}\/[^'"]+?)\.tsx?(['"])/g, '$1$2.js$3');
    if (fixed !== text) writeFileSync(file, fixed);
  }
  console.log(`${pkg.name}: built into ${outDir}`);
}

/**
 * Each message the macros left as an id (`/*i18n*\/ { id: "…" }`, the production build strips the text) gets
 * its English back, compiled from the package's English catalog: `{ id, message }`. Lingui renders the
 * message when the active catalog lacks the id, so the package's own English needs no catalog, and a host
 * that imports two components carries the English of those two, not of every component (the German
 * catalog still loads on demand, and a host's own catalogs still win).
 */
function englishInModules(packageDir: string): Plugin {
  const catalog = join(packageDir, 'src', 'locales', 'en', 'messages.po');
  let english: Map<string, unknown> | null = null;
  return {
    name: 'scribe:english-in-modules',
    apply: 'build',
    async buildStart() {
      if (!existsSync(catalog)) return;
      const { formatter } = await import('@lingui/format-po');
      const { compileMessage } = await import('@lingui/message-utils/compileMessage');
      const parsed = (await formatter().parse(readFileSync(catalog, 'utf8'), {
        locale: 'en',
        sourceLocale: 'en',
        filename: catalog,
      })) as Record<string, { translation?: string; message?: string }>;
      english = new Map(Object.entries(parsed).map(([id, entry]) => [id, compileMessage(entry.translation || entry.message || '')]));
    },
    renderChunk(code, chunk) {
      if (!english) return null;
      const out = new MagicString(code);
      for (const match of code.matchAll(/\/\*i18n\*\/\s*\{\s*id: "([^"\\]+)"/g)) {
        const id = match[1];
        if (!english.has(id)) this.error(`${chunk.fileName}: message ${id} is not in ${catalog} (pnpm i18n:extract)`);
        out.appendLeft(match.index + match[0].length, `, message: ${JSON.stringify(english.get(id))}`);
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}

/** Top-level blocks of a stylesheet (`prelude { body }`), by brace depth; vanilla-extract's output has no braces in strings. */
function cssBlocks(css: string): Array<{ prelude: string; body: string }> {
  const blocks: Array<{ prelude: string; body: string }> = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{' && depth++ === 0) open = i;
    else if (css[i] === '}' && --depth === 0) {
      blocks.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
      start = i + 1;
    }
  }
  return blocks;
}

/** Only the rules (also inside @media) whose selectors name a class that `used` holds. */
function pruneForeign(css: string, used: Set<string>): string {
  const kept = (prelude: string) => [...prelude.matchAll(/\.([\w-]+)/g)].some(([, name]) => used.has(name));
  return cssBlocks(css)
    .map(({ prelude, body }) => {
      if (!prelude.startsWith('@')) return kept(prelude) ? `${prelude} {${body}}\n` : '';
      const inner = cssBlocks(body).filter((rule) => kept(rule.prelude));
      return inner.length ? `${prelude} {\n${inner.map((rule) => `  ${rule.prelude} {${rule.body}}\n`).join('')}}\n` : '';
    })
    .join('');
}

/** How a module imports its stylesheet: package.json maps "#styles/*" to dist/* (to NO_STYLES under `node`). */
const STYLES_IMPORT = '#styles/';
const NO_STYLES = 'no-styles.js';
/** ui's module that defines the kit's root class: every component rendering a kit root imports it. */
const BASE_MODULE = 'theme/kitRoot.js';

/**
 * Per-module stylesheets (with `preserveModules` and `cssCodeSplit`): Vite extracts each vanilla-extract
 * file's CSS but, in library mode, leaves only a comment where the import was. This names each stylesheet
 * after its module (`Button/Button.css.ts` -> `Button/Button.css`), puts its rules in `@layer scribe`, and
 * imports it from the module (a bare import after the module's others: its dependencies' styles come first,
 * as in the app). A host's bundler then loads a component's styles exactly when it keeps the component.
 * ui's entry imports the theme values and base styles only for their effect, which a host's bundler drops
 * (the modules are side-effect free); so the module of the root class (BASE_MODULE) imports them, with
 * the guard, instead.
 */
function moduleStylesheets(srcDir: string): Plugin {
  return {
    name: 'scribe:module-stylesheets',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const rename = (fileName: string) => fileName.replace(/\.css\.ts\.vanilla\.css$/, '.css');
      const base = bundle[BASE_MODULE]?.type === 'chunk' ? bundle[BASE_MODULE] : undefined;
      const imports = new Map<string, string[]>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const css = [...(item.viteMetadata?.importedCss ?? [])].map(rename);
        const target = item.isEntry && base && item.fileName === 'index.js' ? BASE_MODULE : item.fileName;
        imports.set(target, [...(imports.get(target) ?? []), ...css]);
      }
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        // Vite's placeholders for the extracted imports: blank lines, so the source map stays right.
        const code = item.code.replace(/^\/\* empty css\s*\*\/$/gm, '');
        const css = [...new Set(imports.get(item.fileName) ?? [])];
        const statements = css.map((file) => `import "${STYLES_IMPORT}${file}";`).join('\n');
        const map = /\n\/\/# sourceMappingURL=[^\n]*\n?$/.exec(code);
        const at = map ? map.index : code.length;
        item.code = statements ? `${code.slice(0, at).replace(/\n?$/, '\n')}${statements}${code.slice(at)}` : code;
      }
      // Class names this package's modules use. A sheet of another package's file compiled here (ui's
      // sprinkles, for the kit's styles: every atomic class, named apart from ui's own by this package's
      // name) keeps only those; its rules keep their order.
      const used = new Set(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? (item.code.match(/\b[\w-]+\b/g) ?? []) : [])));
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'asset' || !fileName.endsWith('.css')) continue;
        delete bundle[fileName];
        const own = existsSync(join(srcDir, fileName.replace(/\.vanilla\.css$/, '')));
        const css = own ? String(item.source) : pruneForeign(String(item.source), used);
        const guard = base && fileName === 'theme/kitRoot.css.ts.vanilla.css' ? `\n${kitGuard()}` : '';
        this.emitFile({ type: 'asset', fileName: rename(fileName), source: `@layer scribe {\n${css.trim()}\n}\n${guard}` });
      }
    },
  };
}

/** One unlayered rule: a host's unlayered rules do not reach the kit's own elements (see layeredStylesheet). */
function kitGuard(): string {
  // react-aria-components' own default classes mark its elements inside the kit too; SVG keeps its attributes.
  const own = `[class*="${CLASS_PREFIX}"], [class*="react-aria-"], :not([class])`;
  return `.${KIT_ROOT_CLASS}, .${KIT_ROOT_CLASS} :is(${own}):not(svg, svg *) {\n  all: revert-layer;\n}\n`;
}

/**
 * The component stylesheet as shipped: every rule inside `@layer scribe`, so a host orders the kit against
 * its own layers, plus one unlayered guard. A host's unlayered rules (`button {...}`, `h2 {...}`) would
 * beat any layered rule, so on the kit's roots and on the elements the kit renders (its prefixed classes,
 * react-aria's default classes, or no class at all) `all: revert-layer` drops them and the kit's layered values apply. Host content given as
 * children keeps its own classes and rules. Inline styles still win (they outrank style rules).
 * Only the published stylesheet is layered: the app and Storybook compile the sources unlayered as before.
 */
export function layeredStylesheet(css: string): string {
  return `@layer scribe {\n${css.trim()}\n}\n\n${kitGuard()}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Relative to where the command runs (a package's own `build` passes `.`), not to the repository root.
  for (const dir of process.argv.slice(2)) await buildPackage(resolve(process.cwd(), dir));
}
