// transcript-kit as other teams get it: built, packed with `pnpm pack` (with @scribe/ui, its design
// system), installed from the tarballs into a fresh example app that type-checks against the shipped
// declarations, builds with plain Vite and renders the viewer and the player in Chromium. Also:
// `changeset version` bumps the package and writes its changelog.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../../scripts/build-package.ts';
import { chromiumArgs, chromiumPath } from '../../../vite.shared.ts';

const repo = resolve(import.meta.dirname, '../../..');
const PNPM = ['-y', 'pnpm@10.34.9'];
const version = (dir: string) => (JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')) as { version: string }).version;

function run(command: string, args: string[], options: SpawnSyncOptions): string {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options, env: { ...process.env, CI: 'true', ...options.env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return String(result.stdout);
}

/** Serves `dir` on 127.0.0.1 (the built example app). */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = existsSync(path) && !path.endsWith('/') ? path : join(dir, 'index.html');
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })),
  );
}

describe('the published transcript-kit', () => {
  const work = mkdtempSync(join(tmpdir(), 'scribe-kit-pack-'));
  const app = join(work, 'example-app');
  let site: { server: Server; url: string };
  let browser: Browser;

  beforeAll(async () => {
    await buildPackage('packages/ui');
    await buildPackage('packages/transcript-kit');
    const packed = join(work, 'packed');
    for (const dir of ['packages/ui', 'packages/transcript-kit']) {
      run('npx', [...PNPM, 'pack', '--pack-destination', packed], { cwd: join(repo, dir) });
    }
    const [uiTarball] = readdirSync(packed).filter((f) => f.startsWith('scribe-ui-'));
    const [kitTarball] = readdirSync(packed).filter((f) => f.startsWith('scribe-transcript-kit-'));

    mkdirSync(app);
    cpSync(join(import.meta.dirname, 'example'), app, { recursive: true });
    const pin = (name: string) =>
      `${(JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version}`;
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'example-app',
        private: true,
        type: 'module',
        dependencies: {
          '@scribe/transcript-kit': `file:${join(packed, kitTarball)}`,
          '@scribe/ui': `file:${join(packed, uiTarball)}`,
          '@lingui/core': '^5.9.0',
          '@lingui/react': '^5.9.0',
          react: pin('react'),
          'react-dom': pin('react-dom'),
        },
        devDependencies: {
          vite: pin('vite'),
          typescript: pin('typescript'),
          '@types/react': pin('@types/react'),
          '@types/react-dom': pin('@types/react-dom'),
        },
        // The kit asks for @scribe/ui by version; here that version is the tarball next to it.
        pnpm: { overrides: { '@scribe/ui': `file:${join(packed, uiTarball)}` } },
      }),
    );
    // From the local store when it has everything (no network), else from the npm registry.
    const install = spawnSync('npx', [...PNPM, 'install', '--offline', '--ignore-workspace'], { cwd: app, encoding: 'utf8' });
    if (install.status !== 0) run('npx', [...PNPM, 'install', '--prefer-offline', '--ignore-workspace'], { cwd: app });

    run(process.execPath, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], { cwd: app });
    run(process.execPath, [join(app, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: app });
    site = await serve(join(app, 'dist'));
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('ships ES modules, one stylesheet and declarations, and nothing of the app or data fetching', () => {
    const installed = join(app, 'node_modules', '@scribe', 'transcript-kit');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
      dependencies: Record<string, string>;
    };
    expect(manifest.exports['.']).toEqual({ types: './dist/types/index.d.ts', import: './dist/index.js' });
    expect(existsSync(join(installed, 'dist', 'style.css'))).toBe(true);
    expect(existsSync(join(installed, 'src'))).toBe(false);
    expect(Object.keys(manifest.dependencies)).not.toContain('@scribe/app');
    expect(Object.keys(manifest.dependencies)).not.toContain('@scribe/api-client');
    expect(Object.keys(manifest.dependencies)).not.toContain('swr');
    const code = readFileSync(join(installed, 'dist', 'index.js'), 'utf8');
    expect(code).not.toMatch(/\bfetch\(|XMLHttpRequest|@scribe\/api-client/);
  });

  it('renders the viewer and the player with their styles, and the viewer seeks', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    const viewer = page.getByRole('region', { name: 'Example transcript' });
    await expect.poll(() => viewer.textContent(), { timeout: 15_000 }).toContain('The kit came from a tarball.');
    expect(await page.getByText('No audio file available').count()).toBe(1);
    // The stylesheet applies: the viewer has its border radius and the theme's colours.
    const radius = await viewer.evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
    expect(radius).not.toBe('0px');
    await viewer.getByRole('button', { name: 'The kit came from a tarball.' }).click();
    await expect.poll(() => viewer.locator('[aria-current="time"]').textContent()).toBe('The kit came from a tarball.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('speaks German with the catalogs it exports', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/?lang=de`);
    await expect.poll(() => page.locator('body').textContent(), { timeout: 15_000 }).toContain('Keine Audiodatei');
    await page.close();
  });

  it('is versioned with changesets: `changeset version` bumps it and writes its changelog', () => {
    const copy = join(work, 'changeset-repo');
    const manifests = readdirSync(join(repo, 'packages')).map((name) => `packages/${name}/package.json`);
    for (const path of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json', ...manifests]) {
      mkdirSync(join(copy, path, '..'), { recursive: true });
      cpSync(join(repo, path), join(copy, path));
    }
    writeFileSync(
      join(copy, '.changeset', 'viewer-speaker-filter.md'),
      '---\n"@scribe/transcript-kit": minor\n---\n\nThe viewer filters by speaker.\n',
    );
    run(process.execPath, [join(repo, 'node_modules', '@changesets', 'cli', 'bin.js'), 'version'], { cwd: copy });
    const [major, minor] = version('packages/transcript-kit').split('.').map(Number);
    const bumped = (JSON.parse(readFileSync(join(copy, 'packages/transcript-kit/package.json'), 'utf8')) as { version: string }).version;
    expect(bumped).toBe(`${major}.${minor + 1}.0`);
    expect(readFileSync(join(copy, 'packages/transcript-kit/CHANGELOG.md'), 'utf8')).toContain('The viewer filters by speaker.');
    expect(existsSync(join(copy, '.changeset', 'viewer-speaker-filter.md'))).toBe(false);
  });
});
