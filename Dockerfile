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

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data UPLOADS_DIR=/app/data/uploads
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev \
 && mkdir -p /app/data/uploads && chown -R node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# Liveness: the process answers (/healthz touches nothing else). Readiness (/readyz) is the proxy's concern.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The same memory settings as `npm start` (package.json; README "Memory"): two malloc arenas instead of one per
# thread for the native libraries (libsql, sharp), and Node's heap flags.
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=8", "scripts/start.mjs"]
