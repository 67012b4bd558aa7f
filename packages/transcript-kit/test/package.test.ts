// transcript-kit as other teams get it: built, packed with `pnpm pack` (with @scribe/ui, its design
// system), installed from the tarballs with npm into a fresh example app outside the workspace that
// type-checks against the shipped declarations, builds with plain Vite and renders the kit in Chromium:
// the README example, and a host page with its own element rules (body, h1-h3, section, button, input)
// that the kit must neither change nor be changed by, with no I18nProvider. Also: `changeset version`
// bumps the package and writes its changelog.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../../scripts/build-package.ts';
import { KIT_BUNDLE_BUDGET, measureKitBundle } from '../../../scripts/kit-bundle-size.ts';
import { chromiumArgs, chromiumPath } from '../../../vite.shared.ts';

const repo = resolve(import.meta.dirname, '../../..');
const PNPM = ['-y', 'pnpm@10.34.9'];
const version = (dir: string) => (JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')) as { version: string }).version;

function run(command: string, args: string[], options: SpawnSyncOptions): string {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options, env: { ...process.env, CI: 'true', ...options.env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return String(result.stdout);
}

/** The names (values and types) a published declaration file exports, as TypeScript reads them. */
function exportedNames(declarations: string): string[] {
  const program = ts.createProgram([declarations], { noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(declarations)!);
  return module ? checker.getExportsOfModule(module).map((symbol) => symbol.name) : [];
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
    const started = Date.now();
    const phase = (name: string) => console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await buildPackage('packages/ui');
    await buildPackage('packages/transcript-kit');
    const packed = join(work, 'packed');
    for (const dir of ['packages/ui', 'packages/transcript-kit']) {
      run('npx', [...PNPM, 'pack', '--pack-destination', packed], { cwd: join(repo, dir) });
    }
    phase('built and packed');
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
          'react-aria-components': '^1.22.0',
          react: pin('react'),
          'react-dom': pin('react-dom'),
        },
        devDependencies: {
          vite: pin('vite'),
          typescript: pin('typescript'),
          '@types/react': pin('@types/react'),
          '@types/react-dom': pin('@types/react-dom'),
          '@types/node': pin('@types/node'),
        },
        // The kit asks for @scribe/ui by version; here that version is the tarball next to it.
        overrides: { '@scribe/ui': '$@scribe/ui' },
      }),
    );
    // With npm, as most embedders install: from npm's cache when it has everything, else from the registry.
    const npm = ['install', '--no-audit', '--no-fund', '--loglevel=error'];
    const install = spawnSync('npm', [...npm, '--offline'], { cwd: app, encoding: 'utf8' });
    if (install.status !== 0) run('npm', [...npm, '--prefer-offline'], { cwd: app });

    phase('installed with npm');
    run(process.execPath, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], { cwd: app });
    run(process.execPath, [join(app, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: app });
    phase('type-checked and built the example app');
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
      peerDependencies: Record<string, string>;
    };
    expect(manifest.exports['.']).toEqual({ types: './dist/types/index.d.ts', import: './dist/index.js' });
    expect(existsSync(join(installed, 'dist', 'style.css'))).toBe(true);
    expect(existsSync(join(installed, 'src'))).toBe(false);
    expect(Object.keys(manifest.dependencies)).not.toContain('@scribe/app');
    expect(Object.keys(manifest.dependencies)).not.toContain('@scribe/api-client');
    expect(Object.keys(manifest.dependencies)).not.toContain('swr');
    // What must be one instance with the host's (toasts, locale, the design system's contexts) is a peer.
    const shared = ['@scribe/ui', '@lingui/core', '@lingui/react', 'react-aria-components', 'react', 'react-dom'];
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual([...shared].sort());
    for (const name of shared) expect(Object.keys(manifest.dependencies)).not.toContain(name);
    expect(manifest.peerDependencies['@scribe/ui']).toBe(`^${version('packages/ui')}`);
    // A surface an embedder can take in: the components, their props and data types in the main entry,
    // the helpers behind them in ./utils.
    expect(manifest.exports['./utils']).toEqual({ types: './dist/types/utils.d.ts', import: './dist/utils.js' });
    const mainNames = exportedNames(join(installed, 'dist', 'types', 'index.d.ts'));
    expect(mainNames.length).toBeLessThanOrEqual(60);
    expect(mainNames).toEqual(
      expect.arrayContaining(['TranscriptViewer', 'AudioPlayer', 'FolderTree', 'TranscriptEditor', 'TranscriptSegment']),
    );
    expect(mainNames).not.toContain('moveNode');
    const utilsNames = exportedNames(join(installed, 'dist', 'types', 'utils.d.ts'));
    expect(utilsNames).toEqual(expect.arrayContaining(['moveNode', 'transcriptKitMessages']));
    // Scribe's own rules (what a transcription or a prompt costs, the API's marker for an unknown speaker)
    // are the app's: they reach the kit as props and data, never as exports of it.
    for (const name of [...mainNames, ...utilsNames])
      expect(name).not.toMatch(/credit|cost|price|minutes|^DEFAULT_SPEAKER$|UNKNOWN_SPEAKER/i);
    const code = readFileSync(join(installed, 'dist', 'index.js'), 'utf8');
    expect(code).not.toMatch(/\bfetch\(|XMLHttpRequest|@scribe\/api-client/);
  });

  it('adds at most 59 KB gzip to a host that shows the viewer and the player (their English included)', async () => {
    // The README's viewer-and-player app against React alone, both built with Vite from the dist built above.
    const { added } = await measureKitBundle(join(work, 'bundle'), { packages: false });
    console.log(`viewer and player add ${(added.total / 1024).toFixed(1)} KB gzip (budget ${KIT_BUNDLE_BUDGET / 1024} KB)`);
    expect(added.total).toBeGreaterThan(20 * 1024); // it measured the kit, not an empty page
    expect(added.total).toBeLessThanOrEqual(KIT_BUNDLE_BUDGET);
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

  // What a user sees of an element: box, type, colours. Compared element by element between two pages.
  const LOOK = [
    'display',
    'position',
    'box-sizing',
    'width',
    'height',
    ...['top', 'right', 'bottom', 'left'].flatMap((side) => [
      `margin-${side}`,
      `padding-${side}`,
      `border-${side}-width`,
      `border-${side}-style`,
      `border-${side}-color`,
    ]),
    'border-top-left-radius',
    'background-color',
    'background-image',
    'color',
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'line-height',
    'letter-spacing',
    'text-transform',
    'text-align',
    'text-decoration-line',
    'outline-style',
    'outline-width',
    'opacity',
    'visibility',
    'color-scheme',
  ];
  const HOST = 'html, body, #host-header, #host-header h1, #host-section, #host-section h2, #host-section h3, #host-button, #host-input';
  // Sizes of html and body follow the page's content (and origins resolve against them): not the host's styles.
  const CONTENT_SIZED = new Set(['height', 'block-size', 'width', 'inline-size', 'transform-origin', 'perspective-origin']);

  /** Every computed property (or the listed ones) of each element matching `selector`, in document order. */
  async function computed(page: Page, selector: string, properties: string[] | null) {
    return page.evaluate(
      ([selector, properties]) =>
        Array.from(document.querySelectorAll(selector)).map((el) => {
          const style = getComputedStyle(el);
          const names = properties ?? Array.from(style);
          const id = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`;
          return { id, style: Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)])) };
        }),
      [selector, properties] as const,
    );
  }

  /** Opens one of the host pages with the kit's title in edit mode (so it shows its input). */
  async function open(path: string, { withKit }: { withKit: boolean }): Promise<Page> {
    // Reduced motion: the kit's transitions take 0 ms, so a focused field is compared at rest.
    const page = await browser.newPage({ viewport: { width: 1000, height: 1400 }, reducedMotion: 'reduce' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/${path}`);
    if (withKit) {
      await page.getByRole('button', { name: 'Rename transcript' }).click();
      await page.getByRole('textbox', { name: 'Transcript title' }).waitFor();
    } else {
      await page.locator('#host-input').waitFor();
    }
    expect(errors).toEqual([]);
    return page;
  }

  it("leaves the host page's own elements exactly as they are", async () => {
    const alone = await open('host.html', { withKit: false });
    const embedding = await open('embed.html', { withKit: true });
    const before = await computed(alone, HOST, null);
    const after = await computed(embedding, HOST, null);
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    for (const [i, element] of after.entries()) {
      const sized = element.id === 'html' || element.id === 'body';
      const changed = Object.keys(element.style).filter(
        (name) => !(sized && CONTENT_SIZED.has(name)) && element.style[name] !== before[i].style[name],
      );
      expect({
        element: element.id,
        changed: changed.map((name) => `${name}: ${before[i].style[name]} -> ${element.style[name]}`),
      }).toEqual({
        element: element.id,
        changed: [],
      });
    }
    // And the page gets none of the kit's custom properties.
    expect(await embedding.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--scribe-font-sans'))).toBe('');
    await alone.close();
    await embedding.close();
  });

  it('looks the same inside a host whose rules style body, headings, sections, buttons and inputs', async () => {
    const bare = await open('bare.html', { withKit: true });
    const embedding = await open('embed.html', { withKit: true });
    const kit = '.scribe-kit, .scribe-kit *';
    const reference = await computed(bare, kit, LOOK);
    const hosted = await computed(embedding, kit, LOOK);
    expect(reference.length).toBeGreaterThan(40);
    expect(hosted.map((e) => e.id)).toEqual(reference.map((e) => e.id));
    const differences = hosted.flatMap((element, i) =>
      LOOK.filter((name) => element.style[name] !== reference[i].style[name]).map(
        (name) => `${i} ${element.id} ${name}: ${reference[i].style[name]} -> ${element.style[name]}`,
      ),
    );
    expect(differences).toEqual([]);
    // Not merely equal: the host's serif, red uppercase headings and magenta buttons are absent.
    const viewer = embedding.getByRole('region', { name: 'English viewer' });
    expect(await viewer.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/system-ui/);
    expect(await viewer.evaluate((el) => getComputedStyle(el).borderTopStyle)).not.toBe('dashed');
    const heading = embedding.getByRole('heading', { name: 'English viewer' });
    expect(await heading.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    const toggle = viewer.getByRole('radio', { name: 'Detailed' });
    expect(await toggle.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 0, 255)');
    await bare.close();
    await embedding.close();
  });

  it('speaks English with no provider, German in a KitProvider with locale="de", and English for a locale it has no catalog for', async () => {
    const page = await open('embed.html', { withKit: true });
    await expect.poll(() => page.getByTestId('viewer-en').textContent()).toContain('Detailed');
    expect(await page.getByTestId('viewer-de').textContent()).toContain('Detailliert');
    expect(await page.getByTestId('viewer-de').textContent()).not.toContain('Detailed');
    expect(await page.getByTestId('player-en').textContent()).toContain('No audio file available');
    expect(await page.getByTestId('player-fr').textContent()).toContain('No audio file available');
    await page.close();
  });

  // Theming by the host (theme.html): values and classes on the host's own containers, no provider.
  it('takes a host container\'s accent and dark mode into the viewer and open menus; KitProvider dir="rtl" flips the slider\'s arrow keys', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1600 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/theme.html`);
    const ACCENT = 'rgb(0, 128, 96)';
    /** How many elements of a subtree paint text, fill, border, underline or outline in `colour`. */
    const painted = (root: Locator, colour: string) =>
      root.evaluate(
        (el, colour) =>
          [el, ...el.querySelectorAll('*')].filter((node) => {
            const s = getComputedStyle(node);
            return [s.color, s.backgroundColor, s.borderTopColor, s.borderLeftColor, s.textDecorationColor, s.outlineColor].includes(
              colour,
            );
          }).length,
        colour,
      );
    const player = (title: string) => page.getByRole('region', { name: `Audio player: ${title}` });
    async function openSpeedMenu(title: string): Promise<Locator> {
      await player(title)
        .getByRole('button', { name: /^Playback speed/ })
        .click();
      const menu = page.getByRole('menu', { name: /^Playback speed/ });
      await menu.waitFor();
      // A portal: outside the host's containers, so only carrying the theme can reach it.
      expect(await menu.evaluate((el) => el.closest('#accent-host, #dark-host, #plain') === null)).toBe(true);
      return menu;
    }
    async function closeMenu(menu: Locator) {
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    const popoverBackground = (menu: Locator) => menu.evaluate((el) => getComputedStyle(el.closest('.scribe-kit')!).backgroundColor);

    // The accent set on the host's container: the viewer's playing segment is underlined in it, and the
    // open speed menu's check mark is painted in it; the same components outside the container are not.
    const accentViewer = page.getByRole('region', { name: 'Accent viewer' });
    await expect.poll(() => painted(accentViewer, ACCENT), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await painted(page.getByRole('region', { name: 'Default viewer' }), ACCENT)).toBe(0);
    let menu = await openSpeedMenu('Accent player');
    expect(await painted(menu, ACCENT)).toBeGreaterThan(0);
    await closeMenu(menu);
    menu = await openSpeedMenu('Default player');
    expect(await painted(menu, ACCENT)).toBe(0);
    expect(await popoverBackground(menu)).toBe('rgb(255, 255, 255)');
    await closeMenu(menu);

    // Dark mode by a theme class on a container: the menu opened from inside it is dark too.
    expect(await player('Dark player').evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');
    menu = await openSpeedMenu('Dark player');
    expect(await popoverBackground(menu)).toBe('rgb(30, 30, 35)');
    expect(
      await menu
        .getByRole('menuitemradio')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    ).toBe('rgb(237, 237, 240)');
    await closeMenu(menu);

    // Right to left: ArrowLeft moves the seek slider forward (and ArrowRight back); left to right as usual.
    async function seekKeys(title: string, keys: string[]): Promise<number> {
      const slider = player(title).getByRole('slider', { name: 'Seek' });
      await expect.poll(() => slider.isEnabled(), { timeout: 15_000 }).toBe(true);
      await slider.focus();
      for (const key of keys) await page.keyboard.press(key);
      return slider.evaluate((el) => Number((el as HTMLInputElement).value));
    }
    expect(await player('RTL player').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await seekKeys('RTL player', ['ArrowLeft', 'ArrowLeft', 'ArrowLeft'])).toBeCloseTo(0.3);
    expect(await seekKeys('RTL player', ['ArrowRight'])).toBeCloseTo(0.2);
    expect(await seekKeys('LTR player', ['ArrowLeft', 'ArrowRight', 'ArrowRight', 'ArrowRight'])).toBeCloseTo(0.3);
    expect(await seekKeys('LTR player', ['ArrowLeft'])).toBeCloseTo(0.2);
    expect(errors).toEqual([]);
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

  // Packaging and the README for embedders: the README's Quick start as a host builds it, the published
  // manifests (typed entries, CSS as the side effect, CHANGELOG), and server rendering in plain Node.
  it("renders the README's Quick start word for word, and a click on a segment seeks the player", async () => {
    const readme = readFileSync(join(repo, 'packages', 'transcript-kit', 'README.md'), 'utf8');
    const block = /<!-- readme-example -->\s*```tsx\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'the README block and test/example/readme.tsx differ').toBe(
      readFileSync(join(import.meta.dirname, 'example', 'readme.tsx'), 'utf8'),
    );
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}/readme.html`);
    const viewer = page.getByRole('region', { name: 'Weekly sync' }).filter({ hasText: 'Welcome to the weekly sync.' });
    await expect.poll(() => viewer.textContent(), { timeout: 15_000 }).toContain('First, the release notes.');
    expect(await viewer.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('0px');
    expect(await page.getByRole('slider').count()).toBe(1);
    await viewer.getByRole('button', { name: 'First, the release notes.' }).click();
    // The player reports the seek through onTimeUpdate, and the viewer marks the segment at that time.
    await expect.poll(() => viewer.locator('[aria-current="time"]').textContent()).toBe('First, the release notes.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('publishes typed ES entries that exist, CSS as the only side effect, and a CHANGELOG', () => {
    type Manifest = {
      type: string;
      exports: Record<string, string | Record<string, string>>;
      sideEffects: string[];
      dependencies?: Record<string, string>;
    };
    const globToRegExp = (glob: string) =>
      new RegExp(
        `^${glob
          .replace(/^\.\//, '')
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          // `**/` is any depth (as bundlers read it); a lone `*` stays within one folder.
          .split('**/')
          .map((part) => part.replace(/\*/g, '[^/]*'))
          .join('(?:.*/)?')}$`,
      );
    const manifests: Record<string, Manifest> = {};
    for (const name of ['@scribe/ui', '@scribe/transcript-kit']) {
      const dir = join(app, 'node_modules', name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
      manifests[name] = manifest;
      expect(manifest.type).toBe('module');
      for (const [subpath, target] of Object.entries(manifest.exports)) {
        if (subpath === './package.json') continue;
        if (typeof target === 'string') {
          expect(target, subpath).toMatch(/^\.\/dist\/.*\.css$/);
          expect(existsSync(join(dir, target)), target).toBe(true);
          continue;
        }
        expect(Object.keys(target), subpath).toEqual(['types', 'import']);
        expect(existsSync(join(dir, target.types)), target.types).toBe(true);
        expect(existsSync(join(dir, target.import)), target.import).toBe(true);
      }
      // Bundlers keep `import '<package>/style.css'` and may drop JS a host does not use.
      const isSideEffect = (file: string) => manifest.sideEffects.some((glob) => globToRegExp(glob).test(file));
      const files = readdirSync(join(dir, 'dist'), { recursive: true, encoding: 'utf8' }).map((f) => `dist/${f}`);
      expect(files.filter((f) => f.endsWith('.css')).every(isSideEffect)).toBe(true);
      expect(files.filter((f) => f.endsWith('.js') && isSideEffect(f))).toEqual([]);
      // The CHANGELOG ships, in changesets' format, with an entry for the version installed.
      const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
      expect(changelog.startsWith(`# ${name}\n\n## `)).toBe(true);
      expect(changelog).toContain(`## ${(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version}\n`);
    }
    expect(Object.keys(manifests['@scribe/transcript-kit'].exports)).toEqual(
      expect.arrayContaining(['.', './utils', './i18n', './locales/en', './locales/de', './style.css']),
    );
    // Inter is inlined into fonts.css, so its font package is no dependency of a host.
    expect(Object.keys(manifests['@scribe/ui'].dependencies ?? {})).not.toContain('@fontsource-variable/inter');
    expect(readFileSync(join(app, 'node_modules', '@scribe', 'ui', 'dist', 'fonts.css'), 'utf8')).not.toMatch(/url\((?!data:)/);
  });

  it('renders on a server: imported and rendered to a string in plain Node, English and German', () => {
    const out = JSON.parse(run(process.execPath, [join(app, 'ssr.mjs')], { cwd: app })) as {
      html: string;
      hasWindow: boolean;
      germanMessages: number;
    };
    expect(out.hasWindow).toBe(false);
    expect(out.html).toContain('Rendered on the server.');
    expect(out.html).toContain('Server editor');
    expect(out.html).toContain('Keine Audiodatei');
    expect(out.germanMessages).toBeGreaterThan(50);
  });

  it("keeps each CHANGELOG's entries and writes every pending changeset above them on `changeset version`", () => {
    const copy = join(work, 'changeset-pending');
    const packages = { '@scribe/ui': 'packages/ui', '@scribe/transcript-kit': 'packages/transcript-kit' };
    const manifests = readdirSync(join(repo, 'packages')).map((name) => `packages/${name}/package.json`);
    const pending = readdirSync(join(repo, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    const changelogs = Object.values(packages).map((dir) => `${dir}/CHANGELOG.md`);
    for (const path of [
      'package.json',
      'pnpm-workspace.yaml',
      '.changeset/config.json',
      ...manifests,
      ...changelogs,
      ...pending.map((f) => `.changeset/${f}`),
    ]) {
      mkdirSync(join(copy, path, '..'), { recursive: true });
      cpSync(join(repo, path), join(copy, path));
    }
    run(process.execPath, [join(repo, 'node_modules', '@changesets', 'cli', 'bin.js'), 'version'], { cwd: copy });
    for (const [name, dir] of Object.entries(packages)) {
      const before = readFileSync(join(repo, dir, 'CHANGELOG.md'), 'utf8');
      const after = readFileSync(join(copy, dir, 'CHANGELOG.md'), 'utf8');
      const next = (JSON.parse(readFileSync(join(copy, dir, 'package.json'), 'utf8')) as { version: string }).version;
      expect(next).not.toBe(version(dir));
      expect(after.startsWith(`# ${name}\n\n## ${next}\n`)).toBe(true);
      expect(after.endsWith(before.slice(before.indexOf('\n## ')))).toBe(true);
      for (const file of pending) {
        const text = readFileSync(join(repo, '.changeset', file), 'utf8');
        const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
        if (!front?.includes(name)) continue;
        const summary = body.trim().split('\n')[0];
        expect(after, `${file} in ${name}'s CHANGELOG`).toContain(summary);
      }
    }
  });
});
