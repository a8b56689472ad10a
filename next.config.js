// @ts-check
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this file is CommonJS, as Next.js loads it
const { commonHeaders, apiPolicy, apiPrefixes } = require('./lib/security/response-headers.cjs');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/WASM and worker-thread packages must be loaded by Node, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'jose', 'pg', 'pino', 'ioredis', 'rate-limiter-flexible', 'prom-client', 'pdfkit', 'fontkit', 'exceljs', 'nodemailer', '@opentelemetry/api', '@opentelemetry/sdk-trace-base', '@opentelemetry/exporter-trace-otlp-http'],
  // A separate build folder lets a benchmark build run beside the test build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The bench build (bench/run.ts) skips the type check, which `npm run check` does anyway.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === 'true' },
  poweredByHeader: false,
  // The API reference serves these files of the pinned swagger-ui-dist package (lib/openapi/reference-ui.ts).
  outputFileTracingIncludes: {
    '/docs/assets/[file]': ['./node_modules/swagger-ui-dist/swagger-ui-bundle.js'],
    // The documents' embedded fonts, read at run time by lib/documents/pdf-font.ts (any route may draw them).
    '/**': [
      './node_modules/@fontsource/dejavu-sans/files/dejavu-sans-latin-*-normal.woff',
      './node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
      './node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
    ],
  },
  typedRoutes: false,
  // `/v1/*` answers JSON for every path; a trailing-slash redirect would answer HTML.
  skipTrailingSlashRedirect: true,
  // The console's own sign-in page: the sign-in page in the console's colours and words (outside
  // the console's layout, which sends everyone not signed in here).
  async rewrites() {
    return [{ source: '/console/sign-in', destination: '/portal/sign-in?face=console' }];
  },
  async headers() {
    return [
      { source: '/:path*', headers: commonHeaders },
      ...apiPrefixes.map((prefix) => ({ source: `${prefix}/:path*`, headers: [apiPolicy] })),
    ];
  },
};

module.exports = nextConfig;
