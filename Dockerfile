# Production image: the SPA, the /cms panel and the server (cms/dist, compiled ahead of time) are built here;
# `npm start` (scripts/start.mjs) then only runs the compiled server, under its supervisor (scripts/supervisor.mjs),
# which restarts the server inside the container when it dies; a server that cannot start at all (a refused
# configuration) ends the container, and the restart policy (docker-compose.yml) takes over. Several of these
# behind a proxy: docker-compose.yml and README "Running more than one instance".
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY cms/package.json cms/
COPY web/package.json web/
RUN npm ci
COPY . .
RUN npm run build && rm -rf cms/.next/cache

# The production packages on their own, from the same lock (a later `npm prune` could not shrink the layers
# below it): no development packages (vite, vitest, eslint, tsx, Stryker, Lighthouse, …), nothing of the
# web workspace's, whose code the SPA and its server renderer carry bundled (web/vite.ssr.config.ts), and not
# Next's compiler (@next/swc-*, 98 MB): it builds the panel; serving the build does not load it (it is not in
# cms/.next/next-server.js.nft.json, Next's own list of what its server reads).
FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY cms/package.json cms/
COPY web/package.json web/
RUN npm ci --omit=dev --workspace cms --workspace packages/shared \
 && rm -rf node_modules/@next/swc-* && npm cache clean --force

# Only what runs (cms/test/compose-config.test.ts keeps this list to the paths the running server reads):
# the packages, the package.json files (each one's "type" tells Node the compiled modules are ESM; the API
# reports the root's version), the start scripts, the compiled server and the owner's commands (cms/dist),
# the SPA and its server renderer, the /cms panel's Next build and config, and the files the server reads
# from cms/ as it runs: the migrations' schema snapshots, the demo seed's pictures, the PayPal emulator's SDK.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data UPLOADS_DIR=/app/data/uploads
WORKDIR /app
COPY --from=runtime-deps /app ./
COPY --from=build /app/scripts/start.mjs /app/scripts/supervisor.mjs /app/scripts/server-child.mjs \
     /app/scripts/esm-scope-cache.mjs /app/scripts/build-if-needed.mjs /app/scripts/run-compiled.mjs scripts/
COPY --from=build /app/cms/dist cms/dist
COPY --from=build /app/cms/.next cms/.next
COPY --from=build /app/cms/next.config.mjs cms/
COPY --from=build /app/cms/migrations/*.json cms/migrations/
COPY --from=build /app/cms/seed/images cms/seed/images
COPY --from=build /app/cms/paypal-emulator/sdk-standin.js cms/paypal-emulator/
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/web/dist-ssr web/dist-ssr
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# Liveness: the process answers (/healthz touches nothing else). Readiness (/readyz) is the proxy's concern.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The same memory settings as `npm start` (package.json; README "Memory"): two malloc arenas instead of one per
# thread for the native libraries (libsql, sharp), and Node's heap flags.
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=4", "scripts/start.mjs"]
