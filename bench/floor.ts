import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './processes';

// The floor every /v1 read stands on: a bare Next.js route handler (bench/floor/app/floor/route.js)
// of the Next.js version Spoke runs, built on first use and started with `next start`, so that a
// benchmark divides Spoke's CPU per request by the framework's own, measured in the same run.
// It is bundled by webpack: Turbopack takes the repository as the workspace root and would bundle
// Spoke's own instrumentation.ts into it (the floor would then start Spoke). The route handler
// runtime a request passes through is the same for both bundlers.

const app = path.join(root, 'bench/floor');
const next = path.join(root, 'node_modules/next/dist/bin/next');

export const FLOOR_PATH = '/floor';

export function startFloor(port: number): ChildProcess {
  if (!fs.existsSync(path.join(app, '.next/BUILD_ID')) || process.env.FLOOR_BUILD === '1') {
    run(process.execPath, [next, 'build', '--webpack', app], { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '' });
  }
  return spawn(process.execPath, [next, 'start', app, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '' },
  });
}
