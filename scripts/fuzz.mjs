#!/usr/bin/env node
// `npm run fuzz`: the fuzz tests of test/fuzz.test.ts, test/fuzz-token.test.ts and
// test/fuzz-edges.test.ts (dates, oversized bodies on every route, nesting depth) with 10,000 cases
// per /v1 operation and for /oauth/token (about 830 per date parameter), and of
// test/fuzz-faces.test.ts (every route outside /v1) with 500 cases per route
// (FUZZ_RUNS and FUZZ_FACES_RUNS override; FUZZ_SEED replays a failure fast-check reported).
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '10000';
const facesRuns = process.env.FUZZ_FACES_RUNS ?? '500';
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', 'test/fuzz.test.ts', 'test/fuzz-token.test.ts', 'test/fuzz-edges.test.ts', 'test/fuzz-faces.test.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_FACES_RUNS: facesRuns },
});
console.log(`fuzz: ${runs} cases per operation, ${facesRuns} per route outside /v1, ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${result.status}`);
process.exit(result.status ?? 1);
