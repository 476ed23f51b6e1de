# Sluice's container image: the console's standalone server (npm run build) on Node 20, as a
# non-root user, with its data folder as a volume. The upstream URLs, keys and secrets come from
# the environment at run time (never at build time): see "Deploying" in README.md.
#
#   docker build -t sluice .
#   docker run -p 3000:3000 -v sluice-data:/data --env-file sluice.env sluice
#
# test/image/runtime-folder.slow.test.ts (npm run test:image) builds the runtime stage's folder from the
# COPY lines below and starts it with Node alone, so keep them in the `COPY --from=build` form.

# ---- build: every dependency, then `next build` and the console's own server.js ----
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: only the standalone output (~65 MB), no sources, no dev dependencies ----
FROM node:20.20.2-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    SLUICE_DATA_DIR=/data
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# The code stays root-owned (the console cannot change it); the embedded database and generated
# secrets go to /data, and Next's cache to .next/cache, both writable by the `node` user (uid 1000).
RUN mkdir -p /data /app/.next/cache && chown node:node /data /app/.next/cache
USER node
EXPOSE 3000
VOLUME ["/data"]
# Liveness only: /api/health answers 200 while the process serves (upstream trouble shows in its
# body, not as a failed check). Readiness for load balancers is /api/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains: /api/ready 503 at once, requests in flight finish within SHUTDOWN_GRACE_MS (25 s).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
