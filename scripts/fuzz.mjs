#!/usr/bin/env node
// `npm run fuzz`: the fuzz tests of test/fuzz.test.ts, test/fuzz-token.test.ts and
// test/fuzz-edges.test.ts (dates, oversized bodies on every route, nesting depth) with 10,000 cases
// per /v1 operation and for /oauth/token (about 830 per date parameter)
// (FUZZ_RUNS overrides; FUZZ_SEED replays a failure fast-check reported).
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '10000';
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', 'test/fuzz.test.ts', 'test/fuzz-token.test.ts', 'test/fuzz-edges.test.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs },
});
console.log(`fuzz: ${runs} cases per operation, ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${result.status}`);
process.exit(result.status ?? 1);
