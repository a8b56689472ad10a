import { defineConfig, devices } from '@playwright/test';

// The e2e suite runs against a production build served as users run it: `npm start`'s entry,
// scripts/start.mjs (its workers, liveness, body limits, proxy headers and draining on SIGTERM).
// scripts/e2e.mjs builds it and prepares a fresh database. Chromium comes from the system:
// /usr/bin/chromium.

const port = Number(process.env.E2E_PORT ?? 3100);
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === 'true';
const baseURL = `http://127.0.0.1:${port}`;
// Specs that change no shared data (the walks create one sandbox offer each): they run in a worker of
// their own beside the others, which change data that other specs count and so run one at a time.
const READ_ONLY = /\/(walk|walk-employer|docs|faces|language|page-weight|server)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two at once: the read-only specs beside the others (each project's own limit below).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Safety nets, not speed checks: a walk of every page with axe at two widths takes tens of
  // seconds on a quiet 2-core machine and several times that when other work shares it. Every
  // wait inside a test is condition-based; these only bound a test that truly hangs.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ...(process.env.PLAYWRIGHT_JSON ? [['json', { outputFile: process.env.PLAYWRIGHT_JSON }] as ['json', { outputFile: string }]] : []),
  ],
  use: {
    baseURL,
    // A German dealer's browser; tests of another language set their own (e2e/language.spec.ts).
    locale: 'de-DE',
    // A failure keeps its screenshot, and CI's second try its trace; E2E_SCREENSHOTS=true keeps a
    // picture of every page a test checked (e2e/helpers.ts `keepPicture`).
    screenshot: SCREENSHOTS ? 'on' : 'only-on-failure',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // Each demo user signs in once through their sign-in page; every spec reuses that state
    // (e2e/helpers.ts, `signIn` and `storageStateOf`).
    { name: 'setup', testMatch: /\.setup\.ts$/, use: { ...devices['Desktop Chrome'] } },
    { name: 'walk', testMatch: READ_ONLY, workers: 1, use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
    { name: 'chromium', testIgnore: READ_ONLY, workers: 1, use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/ready`,
    // The server writes the lived-in demo before it listens: minutes on a busy 2-core machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // As a supervisor stops it: SIGTERM, then the server drains and exits by itself.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 12_000 },
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      // Production against PostgreSQL refuses the public development secrets.
      CRON_SECRET: 'e2e-cron-secret-not-for-production',
      NEXTAUTH_SECRET: 'e2e-session-secret-not-for-production',
      // As `npm start` runs it: NEXTAUTH_URL and no PUBLIC_URL, so the site is itself at either
      // loopback address (e2e/lived-in.spec.ts opens the portal at the other one and changes data).
      NEXTAUTH_URL: baseURL,
      PROCESSOR_INTERVAL_MS: process.env.E2E_PROCESSOR_INTERVAL_MS ?? '500',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // E2E_SMTP=true: every mail goes to the SMTP server in the test process (e2e/mail.ts); without
      // it mails are kept for the console's development mailbox, which some specs read.
      ...(process.env.E2E_SMTP === 'true' ? { SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? port + 9}` } : {}),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { PGLITE_DATA_DIR: process.env.E2E_PGLITE_DIR ?? '.data/e2e' }),
    },
  },
});
