# syntax=docker/dockerfile:1
# The production image: Node 24, production dependencies only, runs as the
# unprivileged `node` user. See docs/deploy.md.
#
#   docker build --build-arg SITE_ORIGIN=https://orientir.agency -t orientir-site .
#   docker run -p 3000:3000 -e SITE_ORIGIN=https://orientir.agency orientir-site

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Production dependencies only: no install scripts (none needs one), no optional
# peers (TypeScript would come in through @react-router/node).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund

# The build: prerendered pages, client assets, CSP hashes, compressed variants.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Prerendered pages carry canonical links built from it: the same value at run time.
ARG SITE_ORIGIN=https://orientir.agency
ENV SITE_ORIGIN=${SITE_ORIGIN}
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# Memory settings of decision 012, as `npm start` sets them.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
ARG SITE_ORIGIN=https://orientir.agency
ENV SITE_ORIGIN=${SITE_ORIGIN}
WORKDIR /app
# Owned by root, readable by all: the server process cannot change its own code.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY content ./content
# The build holds the bundled server (build/runtime/server.js): no TypeScript at run time.
COPY --from=build /app/build ./build
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=100", "build/runtime/server.js"]
