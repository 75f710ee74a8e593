# syntax=docker/dockerfile:1
# Juniper's production image: built with the dev dependencies, run without them, as a
# non-root user, from the built JavaScript (no TypeScript at run time). compose.yaml starts
# it with PostgreSQL, Redis, NATS and MinIO; scripts/docker-smoke.sh builds and checks both.

ARG NODE_IMAGE=node:22-bookworm-slim

# --- build: every dependency, then the bundles (storefront and studio by Vite, server by esbuild)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first: the dependency layer is reused until they change.
COPY package.json package-lock.json ./
COPY packages/template/package.json packages/template/
COPY packages/commerce/package.json packages/commerce/
COPY packages/blocks/package.json packages/blocks/
COPY packages/api/package.json packages/api/
COPY packages/server/package.json packages/server/
COPY packages/storefront/package.json packages/storefront/
COPY packages/studio/package.json packages/studio/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:bundles
# What the run stage needs besides its own node_modules: manifests, the built output and the
# files the server reads at run time (migrations, themes, starter sites); no tests, no
# node_modules, no TypeScript sources of the bundled packages.
RUN mkdir /out \
 && tar -c --exclude=node_modules --exclude='*.test.ts' --exclude='*.test.tsx' \
      --exclude=packages/server/test \
      package.json package-lock.json LICENSE packages scripts \
    | tar -x -C /out

# --- run: production dependencies only
FROM ${NODE_IMAGE} AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /out/package.json /out/package-lock.json ./
COPY --from=build /out/packages/template/package.json packages/template/
COPY --from=build /out/packages/commerce/package.json packages/commerce/
COPY --from=build /out/packages/blocks/package.json packages/blocks/
COPY --from=build /out/packages/api/package.json packages/api/
COPY --from=build /out/packages/server/package.json packages/server/
COPY --from=build /out/packages/storefront/package.json packages/storefront/
COPY --from=build /out/packages/studio/package.json packages/studio/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /out/ ./
# PGlite's data, the local media library and the secrets key file live here when no
# PostgreSQL or S3 is configured; owned by the unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "packages/server/dist/server/main.js"]
