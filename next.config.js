// @ts-check

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/WASM and worker-thread packages must be loaded by Node, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'jose', 'pg', 'pino', 'ioredis', 'rate-limiter-flexible'],
  // A separate build folder lets a benchmark build run beside the test build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The bench build (bench/run.ts) skips the type check, which `npm run check` does anyway.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === 'true' },
  poweredByHeader: false,
  typedRoutes: false,
  // `/v1/*` answers JSON for every path; a trailing-slash redirect would answer HTML.
  skipTrailingSlashRedirect: true,
  async headers() {
    const common = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'X-Frame-Options', value: 'DENY' },
    ];
    // JSON endpoints never render anything: the strictest policy fits them.
    const apiPolicy = { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" };
    return [
      { source: '/:path*', headers: common },
      { source: '/v1/:path*', headers: [apiPolicy] },
      { source: '/oauth/:path*', headers: [apiPolicy] },
      { source: '/api/:path*', headers: [apiPolicy] },
      // The API reference loads Scalar from its CDN and runs it inline: no script policy there, but
      // no framing, no plugins, no foreign <base>. Every other page gets the strict policy of proxy.ts.
      { source: '/docs', headers: [{ key: 'Content-Security-Policy', value: "object-src 'none'; base-uri 'self'; frame-ancestors 'none'" }] },
    ];
  },
};

module.exports = nextConfig;
