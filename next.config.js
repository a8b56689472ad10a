// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/WASM and worker-thread packages must be loaded by Node, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'jose', 'postgres', 'pino', 'ioredis', 'rate-limiter-flexible'],
  poweredByHeader: false,
  typedRoutes: false,
  // `/v1/*` answers JSON for every path; a trailing-slash redirect would answer HTML.
  skipTrailingSlashRedirect: true,
};

module.exports = nextConfig;
