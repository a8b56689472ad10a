import boundaries from 'eslint-plugin-boundaries';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import serverOnlyImports from './eslint/server-only-imports.mjs';

// The layer map of docs/architecture.md, as lint rules: an import that crosses a layer the wrong
// way fails `npm run check`. The first element whose pattern matches a file is its layer.
// The use cases of the modules that keep them at their top, one file per job, beside the module's
// rules and contract: the files that read and write through db/. Every other file at a module's top
// is domain.
const USE_CASE_FILES = {
  auth: ['accounts', 'authenticate', 'client-status', 'manage-clients', 'next-auth', 'session', 'sessions', 'signing-keys', 'token-endpoint', 'tokens'],
  catalogue: ['catalogue', 'read-catalogue'],
  documents: ['offer-document', 'order-documents'],
  exports: ['offer-export'],
  leasing: ['offer-lease'],
  notifications: ['mailer', 'order-mails'],
  orders: ['customer-link', 'customer-order', 'ended-link', 'policy'],
  privacy: ['anonymise', 'retention', 'traces'],
  webhooks: ['deliver', 'endpoints', 'test-event'],
};

// The HTTP adapters of the modules without an http/ folder: the v1 API's route wrappers, the
// account endpoints' wrapper, the portal's offer document and event stream.
const ADAPTER_FILES = {
  api: ['idempotent-route', 'not-found-route', 'with-api', 'with-cron'],
  auth: ['account-route'],
  portal: ['offer-document', 'offer-events'],
};

/** The patterns of a module's named files: `lib/<module>/<file>.ts`. */
const filesOf = (named) => Object.entries(named).flatMap(([module, files]) => files.map((file) => `lib/${module}/${file}.ts`));

const LAYERS = [
  // The tools around the application: npm scripts and the servers of `npm start`, the benchmark.
  // They run the application's code; nothing of the application imports them. Matched on the whole
  // path, first: scripts/lib/ is no part of lib/.
  { type: 'script', pattern: 'scripts', partialMatch: false },
  { type: 'bench', pattern: 'bench', partialMatch: false },
  { type: 'shared', pattern: 'lib/shared', mode: 'folder' },
  // Configuration, logging, and the signal on which the server begins to stop.
  { type: 'platform', pattern: ['lib/{env,logger}.ts', 'lib/runtime/stopping.ts'], mode: 'file' },
  // The application's database (opened from the environment, logging to the platform's logger).
  { type: 'connection', pattern: 'lib/database.ts', mode: 'file' },
  { type: 'route', pattern: 'app', mode: 'folder' },
  { type: 'route', pattern: '{proxy,instrumentation}.ts', mode: 'file' },
  { type: 'component', pattern: 'components', mode: 'folder' },
  { type: 'repository', pattern: 'db/repositories', mode: 'folder' },
  { type: 'schema', pattern: 'db/schema', mode: 'folder' },
  { type: 'seed', pattern: 'db/seed', mode: 'folder' },
  { type: 'database', pattern: 'db/*.ts', mode: 'file' },
  // A module of lib/ by role: code that runs in the browser, the server's HTTP adapters (route
  // wrappers, guards, next/headers helpers), its use cases, its rules (pure decisions) and its
  // contract (what the API accepts and answers).
  { type: 'browser', pattern: 'lib/*/browser', mode: 'folder' },
  { type: 'http', pattern: 'lib/*/http', mode: 'folder' },
  { type: 'use-case', pattern: 'lib/*/use-cases', mode: 'folder' },
  { type: 'http', pattern: filesOf(ADAPTER_FILES), mode: 'file' },
  { type: 'use-case', pattern: filesOf(USE_CASE_FILES), mode: 'file' },
  { type: 'rules', pattern: 'lib/*/rules', mode: 'folder' },
  { type: 'contract', pattern: 'lib/*/contract', mode: 'folder' },
  // The API's description (OpenAPI document, reference, examples), built from the contracts.
  { type: 'openapi', pattern: 'lib/openapi', mode: 'folder' },
  // The server process: start-up, the processor's schedule, readiness.
  { type: 'runtime', pattern: 'lib/runtime', mode: 'folder' },
  // The demo data written through the use cases, loaded only when seeding is asked for.
  { type: 'demo', pattern: 'lib/demo', mode: 'folder' },
  // Observability: metrics, traces, the processor's published schedule.
  { type: 'ops', pattern: 'lib/ops', mode: 'folder' },
  // The rest of lib/: texts, API errors and dates, the faces' schemas and text wrappers, the
  // modules' pure parts.
  { type: 'domain', pattern: 'lib', mode: 'folder' },
  // Data files the application imports: the texts' catalogues.
  { type: 'messages', pattern: 'messages', mode: 'folder' },
];
/** The code the layer map covers: each file belongs to one element of LAYERS. */
const MAPPED = ['app/**', 'components/**', 'lib/**', 'db/**', 'scripts/**', 'bench/**', 'proxy.ts', 'instrumentation.ts'];
/** The server's layers, which the tools may use. */
const SERVER = ['route', 'http', 'use-case', 'rules', 'contract', 'openapi', 'runtime', 'demo', 'ops', 'domain', 'shared', 'platform', 'connection', 'repository', 'schema', 'database', 'seed', 'messages'];

/** Files of layer `from` may import files of the layers `to` (and packages). */
const layer = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'bench/floor/.next/**'],
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
            layer('route', ['route', 'component', 'http', 'use-case', 'rules', 'contract', 'openapi', 'runtime', 'ops', 'browser', 'domain', 'shared', 'platform']),
            // Server components call use cases; a client component importing a server module is
            // caught by the server-only marker (docs/architecture.md).
            layer('component', ['component', 'browser', 'use-case', 'rules', 'contract', 'domain', 'shared']),
            // Browser code sees browser code, the shared model and the isomorphic domain (schemas,
            // texts, statuses) — never a use case, an HTTP adapter, the database or the platform.
            layer('browser', ['browser', 'rules', 'contract', 'domain', 'shared']),
            // The HTTP adapters check the session and call use cases.
            layer('http', ['http', 'use-case', 'rules', 'contract', 'domain', 'shared', 'platform', 'connection', 'repository', 'database', 'ops']),
            // Use cases call repositories and the rules; of the schema they name row types only.
            // They never import an HTTP adapter or browser code.
            layer('use-case', ['use-case', 'rules', 'contract', 'domain', 'shared', 'platform', 'connection', 'repository', 'database', 'ops', 'messages']),
            // Rules decide without the database: no use case, no repository, no connection.
            layer('rules', ['rules', 'domain', 'shared', 'messages']),
            // The contract (request and response schemas, the answer's shape) uses the rules, never a use case.
            layer('contract', ['contract', 'rules', 'domain', 'shared', 'messages']),
            // The domain: texts, errors, dates, the faces' schemas — no use case, repository or seed data.
            layer('domain', ['domain', 'rules', 'contract', 'shared', 'platform', 'ops', 'messages']),
            // Of db/ the rules, the contract and the domain name row types only (type imports); the
            // contract and the domain name a use case's result type, which a response schema
            // conforms to or a document renders, never the use case itself.
            { from: { element: { types: { anyOf: ['rules', 'contract', 'domain', 'openapi'] } } }, allow: { to: { element: { types: { anyOf: ['schema', 'repository', 'database'] } } }, dependency: { kind: 'type' } } },
            { from: { element: { types: { anyOf: ['contract', 'domain', 'openapi'] } } }, allow: { to: { element: { type: 'use-case' } }, dependency: { kind: 'type' } } },
            // The API's helpers name the request context of the route wrapper (type imports).
            { from: { element: { type: 'domain' } }, allow: { to: { element: { type: 'http' } }, dependency: { kind: 'type' } } },
            // The rules name the contract's input shapes (type imports).
            { from: { element: { type: 'rules' } }, allow: { to: { element: { type: 'contract' } }, dependency: { kind: 'type' } } },
            { from: { element: { type: 'use-case' } }, allow: { to: { element: { type: 'schema' } }, dependency: { kind: 'type' } } },
            // The API's description: the contracts, the rules' texts, the demo's client and catalogue.
            layer('openapi', ['openapi', 'contract', 'rules', 'domain', 'shared', 'platform', 'demo', 'seed']),
            // Start-up runs the use cases on their schedule, and the demo seeder when asked.
            layer('runtime', ['runtime', 'use-case', 'rules', 'contract', 'domain', 'ops', 'demo', 'shared', 'platform', 'connection', 'repository', 'database']),
            // The demo writes through the use cases; its own SQL is db/seed's.
            layer('demo', ['demo', 'use-case', 'rules', 'contract', 'domain', 'shared', 'platform', 'connection', 'repository', 'database', 'seed']),
            // Observability reads the backlog through a repository; it calls no use case.
            layer('ops', ['ops', 'shared', 'platform', 'connection', 'repository']),
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
