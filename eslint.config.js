import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---- Dependency directions (checked by eslint.boundaries.test.ts) ----
//
// Packages: app -> transcript-kit -> ui; app -> api-client (and ui); server -> api-client only.
// Nothing imports app or server; ui imports no other package; api-client imports none.
// One exception: transcript-kit's story fixtures (src/testing/) use api-client's WAV writer
// (@scribe/api-client/wav), so that stories, tests and the server share one.
const scribePackages = ['ui', 'transcript-kit', 'api-client', 'app', 'server'];
const packageAllows = {
  ui: [],
  'transcript-kit': ['ui'],
  'api-client': [],
  app: ['ui', 'transcript-kit', 'api-client'],
  server: ['api-client'],
};

// Folders of packages/app/src, lowest layer first. A folder may import its own layer and the ones
// below; the features import each other only along the edges listed; pages and the root files
// (App, router, main) may import everything.
//   core        api.ts, config/, i18n/, session/, lib/   (the API client, settings, language, who is signed in)
//   data        data/                                    (SWR hooks: fetch and mutate, no UI state)
//   components  components/                              (small shared pieces: icons, brand, language switch)
//   features    auth/, captcha/, credits/, header/, live/, recording/, tutorial/, workspace/
//   layouts     layouts/
//   pages       pages/
const appLayers = {
  core: ['api', 'config', 'i18n', 'session', 'lib'],
  data: ['data'],
  components: ['components'],
  features: ['auth', 'captcha', 'credits', 'header', 'live', 'recording', 'tutorial', 'workspace'],
  layouts: ['layouts'],
  pages: ['pages'],
};
const appRootFiles = ['App', 'router', 'main'];
const featureEdges = {
  auth: ['captcha'],
  header: ['credits', 'tutorial'],
  tutorial: ['workspace'],
  workspace: ['header', 'recording'],
  // The live channel feeds the recording's draft text.
  live: ['recording'],
};
const layerAllows = {
  core: ['core'],
  data: ['core', 'data'],
  components: ['core', 'components'],
  features: ['core', 'data', 'components'],
  layouts: ['core', 'data', 'components', 'features', 'layouts'],
  pages: ['core', 'data', 'components', 'features', 'layouts', 'pages'],
};

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Import by name (@scribe/x) or by a relative path into another package's folder. */
const packagePatterns = (forbidden) =>
  forbidden.length === 0
    ? []
    : [
        {
          regex: `^@scribe/(${forbidden.map(escape).join('|')})(/|$)`,
          message: 'This package may not depend on that one (see the dependency directions in eslint.config.js).',
        },
        {
          regex: `^(\\.\\./)+(packages/)?(${forbidden.map(escape).join('|')})/(src|test)(/|$)`,
          message: 'No imports into another package by relative path (and not against the dependency directions).',
        },
      ];

function packageRestrictions(pkg) {
  return packagePatterns(scribePackages.filter((p) => p !== pkg && !packageAllows[pkg].includes(p)));
}

/** The rule for one folder of packages/app/src (root files: null). */
function appFolderRestrictions(folder) {
  const layer = Object.keys(appLayers).find((l) => appLayers[l].includes(folder));
  const allowed = new Set(layerAllows[layer].flatMap((l) => (l === 'features' ? appLayers.features : appLayers[l])));
  if (layer === 'features') {
    allowed.add(folder);
    for (const target of featureEdges[folder] ?? []) allowed.add(target);
  }
  const all = Object.values(appLayers).flat();
  const forbiddenFolders = all.filter((f) => !allowed.has(f) && f !== 'api');
  const patterns = [
    {
      regex: `^\\.\\./(${appRootFiles.map(escape).join('|')})(\\.tsx?)?$`,
      message: 'Only the root files import App, router and main.',
    },
  ];
  if (forbiddenFolders.length) {
    patterns.push({
      regex: `^\\.\\./(${forbiddenFolders.map(escape).join('|')})/`,
      message: `${folder}/ (layer ${layer}) may not import that folder: see the app's layering in eslint.config.js.`,
    });
  }
  return patterns;
}

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

const boundaries = [
  ...['ui', 'transcript-kit', 'api-client', 'server'].map((pkg) => restrict([`packages/${pkg}/**/*.{ts,tsx}`], packageRestrictions(pkg))),
  restrict(
    ['packages/transcript-kit/src/testing/**/*.{ts,tsx}'],
    packageRestrictions('transcript-kit').map((pattern) => ({
      ...pattern,
      regex: pattern.regex.replace('api-client', 'api-client(?!/wav$)'),
    })),
  ),
  restrict(['packages/app/**/*.{ts,tsx}'], packageRestrictions('app')),
  ...Object.values(appLayers)
    .flat()
    .filter((folder) => folder !== 'api')
    .map((folder) =>
      restrict([`packages/app/src/${folder}/**/*.{ts,tsx}`], [...packageRestrictions('app'), ...appFolderRestrictions(folder)]),
    ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'storybook-static/**',
      'test-results/**',
      'playwright-report/**',
      '**/locales/**/*.js',
      '**/locales/**/*.ts',
      '**/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Build and start scripts in plain JavaScript (they run before anything compiles TypeScript).
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...boundaries,
  {
    files: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
