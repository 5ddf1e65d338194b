# syntax=docker/dockerfile:1
# mcptest worker, and the migration command (same image):
#   docker build -f infra/docker/worker.Dockerfile -t mcptest-worker .
#   docker run --rm -e DATABASE_URL=... -e REDIS_URL=... -e MCPTEST_ENCRYPTION_KEYS=... mcptest-worker node dist/migrate.js
#   docker run -d   -e DATABASE_URL=... -e REDIS_URL=... -e MCPTEST_ENCRYPTION_KEYS=... mcptest-worker
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- deps: every workspace's dependencies, dev included (esbuild, Prisma CLI), from the lockfile --------------------
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
RUN npm ci --ignore-scripts --no-audit --no-fund

# ---- build: Prisma client, then two ESM bundles. Workspace packages (TypeScript source) and the generated client are
# compiled in; npm packages stay external (scripts/bundle.mjs checks each is a declared runtime dependency). -----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN node scripts/prisma-generate.mjs \
 && node scripts/bundle.mjs workers/runner/src/main.ts workers/runner/dist/main.js \
 && node scripts/bundle.mjs packages/mcp/src/sandbox/check-thread.ts workers/runner/dist/check-thread.js \
 && node scripts/bundle.mjs packages/db/src/bin/migrate.ts dist/migrate.js

# ---- prod-deps: runtime dependencies of the runner and the workspaces it uses (db, queue, mcp, core) -----------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=deps /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=deps /app/packages ./packages
COPY --from=deps /app/workers ./workers
COPY --from=deps /app/apps ./apps
# The @mcptest/* workspace links are removed: they point at TypeScript sources the bundles already contain.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace @mcptest/runner \
 && rm -rf node_modules/@mcptest

# ---- runtime ---------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# Development defaults off whatever APP_URL says (see web.Dockerfile).
ENV NODE_ENV=production \
    MCPTEST_ALLOW_DEV_DEFAULTS=0
COPY --from=prod-deps /app/node_modules ./node_modules
# package.json files carry "type": "module", which makes Node load the .js bundles as ES modules.
COPY package.json ./
COPY workers/runner/package.json ./workers/runner/
COPY --from=build /app/workers/runner/dist ./workers/runner/dist
COPY --from=build /app/dist ./dist
# Read by dist/migrate.js (MCPTEST_MIGRATIONS_DIR, relative to /app).
COPY prisma/migrations ./prisma/migrations
USER node
CMD ["node", "workers/runner/dist/main.js"]
