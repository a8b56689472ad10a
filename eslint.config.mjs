import boundaries from 'eslint-plugin-boundaries';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import serverOnlyImports from './eslint/server-only-imports.mjs';

// The layer map of docs/architecture.md, as lint rules: an import that crosses a layer the wrong
// way fails `npm run check`. The first element whose pattern matches a file is its layer.
const LAYERS = [
  { type: 'shared', pattern: 'lib/shared', mode: 'folder' },
  { type: 'platform', pattern: 'lib/{env,logger}.ts', mode: 'file' },
  // The application's database (opened from the environment, logging to the platform's logger).
  { type: 'connection', pattern: 'lib/database.ts', mode: 'file' },
  { type: 'route', pattern: 'app', mode: 'folder' },
  { type: 'route', pattern: '{proxy,instrumentation}.ts', mode: 'file' },
  { type: 'component', pattern: 'components', mode: 'folder' },
  { type: 'repository', pattern: 'db/repositories', mode: 'folder' },
  { type: 'schema', pattern: 'db/schema', mode: 'folder' },
  { type: 'seed', pattern: 'db/seed', mode: 'folder' },
  { type: 'database', pattern: 'db/*.ts', mode: 'file' },
  // lib/console, lib/portal, lib/employer and lib/orders by role: code that runs in the browser, the server's HTTP adapters
  // (route wrappers, guards, next/headers helpers), the console's use cases. The files left at
  // their top (schemas, i18n) run on both sides and count as domain.
  { type: 'browser', pattern: 'lib/{console,portal,employer,orders}/browser', mode: 'folder' },
  { type: 'http', pattern: 'lib/{console,portal,employer,orders}/http', mode: 'folder' },
  { type: 'use-case', pattern: 'lib/{console,portal,employer}/use-cases', mode: 'folder' },
  { type: 'domain', pattern: 'lib', mode: 'folder' },
  // The tools around the application: npm scripts and the servers of `npm start`, the benchmark.
  // They run the application's code; nothing of the application imports them.
  { type: 'script', pattern: 'scripts', mode: 'folder' },
  { type: 'bench', pattern: 'bench', mode: 'folder' },
  // Data files the application imports: the texts' catalogues.
  { type: 'messages', pattern: 'messages', mode: 'folder' },
];
/** The code the layer map covers: each file belongs to one element of LAYERS. */
const MAPPED = ['app/**', 'components/**', 'lib/**', 'db/**', 'scripts/**', 'bench/**', 'proxy.ts', 'instrumentation.ts'];
/** The server's layers, which the tools may use. */
const SERVER = ['route', 'http', 'use-case', 'domain', 'shared', 'platform', 'connection', 'repository', 'schema', 'database', 'seed', 'messages'];

/** Files of layer `from` may import files of the layers `to` (and packages). */
const layer = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'bench/results/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: MAPPED,
    plugins: { boundaries, layers: serverOnlyImports },
    settings: {
      'boundaries/elements': LAYERS,
      // Every file is classified, so an import of one outside the map (a test, a config file) is
      // unknown and refused.
      'boundaries/include': ['**/*'],
      'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' }, node: true },
    },
    rules: {
      // Browser code ('use client' files, lib/*/browser/) never loads a module marked import 'server-only'.
      'layers/server-only-imports': 'error',
      // A file outside the map, or an import of one, fails: a new folder gets its layer first.
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // Pages, route handlers and components read through use cases and view models in lib/, never db/.
            layer('route', ['route', 'component', 'http', 'use-case', 'browser', 'domain', 'shared', 'platform']),
            // Server components call use cases; a client component importing a server module is
            // caught by the server-only marker (docs/architecture.md).
            layer('component', ['component', 'browser', 'use-case', 'domain', 'shared']),
            // Browser code sees browser code, the shared model and the isomorphic domain (schemas,
            // texts, statuses) — never a use case, an HTTP adapter, the database or the platform.
            layer('browser', ['browser', 'domain', 'shared']),
            // The HTTP adapters check the session and call use cases.
            layer('http', ['http', 'use-case', 'domain', 'shared', 'platform', 'connection', 'repository', 'database']),
            // Use cases call repositories; of the schema they name row types only. They never
            // import an HTTP adapter or browser code.
            layer('use-case', ['use-case', 'domain', 'shared', 'platform', 'connection', 'repository', 'database']),
            layer('domain', ['domain', 'use-case', 'shared', 'platform', 'connection', 'repository', 'database', 'seed', 'messages']),
            { from: { element: { types: { anyOf: ['domain', 'use-case'] } } }, allow: { to: { element: { type: 'schema' } }, dependency: { kind: 'type' } } },
            // Repositories hold every query; besides db/ they see only the shared types and constants.
            layer('repository', ['repository', 'schema', 'database', 'shared']),
            layer('schema', ['schema', 'shared']),
            // db/ sees one module of lib/, the shared model: its settings and logger are given to it
            // by lib/database.ts, the secret hashing of the demo data by the seed's caller.
            layer('database', ['database', 'schema', 'shared']),
            layer('seed', ['seed', 'schema', 'database', 'repository', 'shared']),
            layer('connection', ['connection', 'database', 'platform', 'shared']),
            layer('platform', ['platform', 'shared']),
            // The tools run the server's code and their own; nothing of the server imports a tool
            // (no `lib/` import of `scripts/`), the bench reads the scripts' helpers.
            layer('script', ['script', ...SERVER]),
            layer('bench', ['bench', 'script', ...SERVER]),
          ],
        },
      ],
    },
  },
  {
    // The test client answers parsed JSON of any shape.
    files: ['test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];

export default config;
