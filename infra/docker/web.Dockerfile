# syntax=docker/dockerfile:1
# mcptest web app (Next.js standalone server). Build from the repository root:
#   docker build -f infra/docker/web.Dockerfile -t mcptest-web .
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- deps: every workspace's dependencies, dev included (TypeScript, Prisma CLI), from the lockfile ----------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY packages/mcp/package.json packages/mcp/
COPY packages/db/package.json packages/db/
COPY packages/redis/package.json packages/redis/
COPY packages/cli/package.json packages/cli/
COPY workers/runner/package.json workers/runner/
COPY apps/web/package.json apps/web/
# No install scripts: Prisma's would download engines that `prisma generate` does not need (scripts/prisma-generate.mjs),
# and every native piece we use ships as a prebuilt optional dependency.
RUN npm ci --ignore-scripts --no-audit --no-fund

# ---- build: Prisma client, then `next build` (type check included) ---------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN node scripts/prisma-generate.mjs \
 && npm run build -w @mcptest/web

# ---- runtime: the standalone server with only the node_modules it traced ---------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# MCPTEST_ALLOW_DEV_DEFAULTS=0: a container is reachable beyond loopback even when APP_URL is left at localhost, so the
# development defaults (public secrets, dev sign-in) are off here whatever APP_URL says (decideEnvMode).
ENV NODE_ENV=production \
    MCPTEST_ALLOW_DEV_DEFAULTS=0 \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
# Code stays owned by root (read-only for the app); only Next's cache directory is writable.
COPY --from=build /app/apps/web/.next/standalone ./
COPY --from=build /app/apps/web/.next/static ./apps/web/.next/static
COPY --from=build /app/apps/web/public ./apps/web/public
RUN mkdir -p apps/web/.next/cache && chown node:node apps/web/.next/cache
USER node
EXPOSE 3000
# 200 only when Postgres and Redis both answer (503 "degraded" otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/web/server.js"]
