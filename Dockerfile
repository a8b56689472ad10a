# Spoke's container image: what `npm start` runs (node scripts/start.mjs — settings check, one
# worker per core, drain on SIGTERM, client address from TRUST_PROXY, body limits, the processor),
# as a non-root user.
#   docker build -t spoke .                            # the app (target "app", the default)
#   docker build --target migrate -t spoke-migrate .   # the migration step of a deploy
# Configuration is the environment of README.md; production needs DATABASE_URL, NEXTAUTH_SECRET,
# CRON_SECRET, PUBLIC_URL (docs/deploy.md). TLS and HSTS are the proxy's (deploy/nginx/).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 NODE_ENV=production
RUN node_modules/.bin/next build && rm -rf .next/cache

# `npm run db:migrate` as a deploy step (one container, before the app nodes start; the advisory
# lock in db/migrate.ts makes a second one wait and then do nothing).
FROM deps AS migrate
COPY . .
USER node
CMD ["node_modules/.bin/tsx", "scripts/db-migrate.ts"]

FROM node:20-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# The app: production dependencies, the build, and the files the server reads at run time.
FROM node:20-bookworm-slim AS app
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 PGLITE_DATA_DIR=/app/.data/app
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json next.config.js ./
# next.config.js requires the security headers; scripts/start.mjs checks the settings with lib/env.ts.
COPY lib/security/response-headers.cjs ./lib/security/
COPY lib/env.ts ./lib/
COPY scripts/start.mjs scripts/server.mjs scripts/server-net.mjs ./scripts/
# The servers' own answers (a refused body, a parser error) take their words from the catalogue.
COPY messages/de/api.json messages/de/validation.json ./messages/de/
COPY messages/en/api.json messages/en/validation.json ./messages/en/
# The readiness check compares the applied migrations with the committed journal; the embedded
# database migrates from them.
COPY db/migrations ./db/migrations
COPY --from=build /app/.next ./.next
# The two folders the server writes: the embedded database's data, the settings check's compiled
# lib/env.ts (scripts/start.mjs).
RUN mkdir -p .data node_modules/.cache/spoke && chown node:node .data node_modules/.cache/spoke
USER node
EXPOSE 3000
# Liveness; readiness (database reachable, migrations applied) is /api/ready, for the balancer.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM stops every worker in order (docs/reliability.md, "Stopping"); exit 0 when drained.
CMD ["node", "scripts/start.mjs"]
