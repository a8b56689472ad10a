# Spoke's container image: the Next.js standalone server, run as a non-root user.
#   docker build -t spoke .                      # the app (target "app", the default)
#   docker build --target migrate -t spoke-migrate .   # the migration step of a deploy
# Configuration is the environment of README.md; production needs DATABASE_URL, NEXTAUTH_SECRET,
# CRON_SECRET, PUBLIC_URL (docs/deploy.md).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone NODE_ENV=production
RUN node_modules/.bin/next build

# `npm run db:migrate` as a deploy step (one container, before the app nodes start; the advisory
# lock in db/migrate.ts makes a second one wait and then do nothing).
FROM deps AS migrate
COPY . .
USER node
CMD ["node_modules/.bin/tsx", "scripts/db-migrate.ts"]

FROM node:20-bookworm-slim AS app
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 \
    NODE_OPTIONS=--max-old-space-size=256 PGLITE_DATA_DIR=/app/.data/app
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
# The readiness check compares the applied migrations with the committed journal.
COPY --from=build --chown=node:node /app/db/migrations ./db/migrations
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Liveness; readiness (database reachable, migrations applied) is /api/ready, for the balancer.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.js"]
