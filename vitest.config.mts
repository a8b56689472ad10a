import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Tests run server modules outside Next.js, without the react-server condition under which
      // `server-only` is empty (docs/architecture.md): here it is the package's own empty module.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    include: ['test/**/*.test.ts', 'lib/**/*.test.ts', 'db/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/setup/global.ts'],
    setupFiles: ['test/setup/env.ts', 'test/setup/database.ts'],
    // CI also writes a JSON report, from which .ci/run prints its summary line.
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // In CI one more try for a test that failed, as the browser suite has: the 2-core machine may
    // be busy with other work, and a test that waits on a server or a clock can miss its window.
    // A real fault fails both tries; .ci/run names every test that needed the second one.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
  },
});
