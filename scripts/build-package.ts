// Builds a publishable package (ui, transcript-kit) into its dist/: ES modules (one per entry, dependencies
// left to the consumer's bundler), one CSS file with every style (vanilla-extract, extracted), and type
// declarations. `pnpm pack` then takes dist/ and the publishConfig of package.json.
//   node --import tsx scripts/build-package.ts packages/transcript-kit
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { sharedPlugins } from '../vite.shared.ts';

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

  const entries = Object.fromEntries(
    Object.entries(pkg.exports).map(([subpath, file]) => [subpath === '.' ? 'index' : subpath.slice(2), join(dir, file)]),
  );
  const outDir = join(dir, 'dist');
  rmSync(outDir, { recursive: true, force: true });

  // Styles that use ui's theme contract take its variable names from ui's build (build ui first): compiled
  // here from ui's sources they would get names hashed from this package's view of those files.
  const uiTheme = join(root, 'packages', 'ui', 'dist', 'theme.js');
  const alias = pkg.name === '@scribe/ui' ? [] : [{ find: /^@scribe\/ui\/theme$/, replacement: uiTheme }];
  if (alias.length && !existsSync(uiTheme)) throw new Error(`${pkg.name}: build @scribe/ui first (${uiTheme} is missing)`);

  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: sharedPlugins(),
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

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) await buildPackage(dir);
}
