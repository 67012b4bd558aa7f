// Builds a publishable package (ui, transcript-kit) into its dist/: ES modules (one per entry, dependencies
// left to the consumer's bundler), one component stylesheet (style.css, vanilla-extract, extracted, inside
// the `scribe` cascade layer), one stylesheet per `.css` export (ui's opt-in global.css and fonts.css), and
// type declarations. `pnpm pack` then takes dist/ and the publishConfig of package.json.
//   node --import tsx scripts/build-package.ts packages/transcript-kit   (relative to the working directory)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'vite';
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

export async function buildPackage(packageDir: string): Promise<void> {
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

  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: sharedPlugins({ classPrefix: CLASS_PREFIX }),
    resolve: { alias },
    build: {
      outDir,
      emptyOutDir: false,
      minify: false, // the consumer's bundler minifies; readable code is easier to debug
      sourcemap: true,
      cssCodeSplit: false, // one CSS file: import '<package>/style.css' once
      lib: { entry: entries, formats: ['es'], cssFileName: 'style' },
      rollupOptions: { external: isExternal },
    },
  });
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
 * The component stylesheet as shipped: every rule inside `@layer scribe`, so a host orders the kit against
 * its own layers, plus one unlayered guard. A host's unlayered rules (`button {...}`, `h2 {...}`) would
 * beat any layered rule, so on the kit's roots and on the elements the kit renders (its prefixed classes,
 * react-aria's default classes, or no class at all) `all: revert-layer` drops them and the kit's layered values apply. Host content given as
 * children keeps its own classes and rules. Inline styles still win (they outrank style rules).
 * Only the published stylesheet is layered: the app and Storybook compile the sources unlayered as before.
 */
export function layeredStylesheet(css: string): string {
  // react-aria-components' own default classes mark its elements inside the kit too; SVG keeps its attributes.
  const own = `[class*="${CLASS_PREFIX}"], [class*="react-aria-"], :not([class])`;
  const guard = `.${KIT_ROOT_CLASS}, .${KIT_ROOT_CLASS} :is(${own}):not(svg, svg *)`;
  return `@layer scribe {\n${css.trim()}\n}\n\n${guard} {\n  all: revert-layer;\n}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Relative to where the command runs (a package's own `build` passes `.`), not to the repository root.
  for (const dir of process.argv.slice(2)) await buildPackage(resolve(process.cwd(), dir));
}
