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
    hookTimeout: 60_000,
  },
});
