# syntax=docker/dockerfile:1
#
# Nestmark in a container: the build stage compiles the web app and the server, the runtime
# stage runs them on a slim Node 20 image with production dependencies only, as the unprivileged
# `node` user, with its data in the /data volume. docs/OPERATIONS.md ("Docker and Compose") has
# the settings; compose.yaml runs it with PostgreSQL. The machines that test Nestmark cannot run a
# container engine: this file is not built by CI there.
#
#   docker build -t nestmark .
#   docker run -p 8080:8080 -v nestmark-data:/data -e APP_URL=http://localhost:8080 nestmark

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles its native module when no prebuilt one fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# dist/web (the web app) and dist/server; then the dev dependencies leave node_modules, whose
# native modules were built for the same base image as the runtime stage's.
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data
WORKDIR /app
# The program stays root's and read-only to the process; only /data is its to write.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Slim images have no curl: Node's own fetch asks GET /api/health (503 when the database or the
# file store fails).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1: it stops cleanly on SIGTERM (docker stop), finishing what it holds.
CMD ["node", "dist/server/main.js"]
