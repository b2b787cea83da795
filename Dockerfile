# syntax=docker/dockerfile:1
# The production image: Node 24, production dependencies only, runs as the
# unprivileged `node` user. One image for every origin: pages are rendered by
# content releases at run time, with the running SITE_ORIGIN. See docs/deploy.md.
#
#   docker build -t orientir-site .
#   docker run -p 3000:3000 -v orientir-data:/data -e SITE_ORIGIN=https://orientir.agency orientir-site
#   docker exec -i <container> node build/runtime/studio.js user add anna --role admin   # the first account
#   docker exec <container> node build/runtime/publish.js --list

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Production dependencies only, without install scripts (none needs one). Optional
# dependencies stay: sharp's libvips comes as one, and releases draw images at run time.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# The code build: client assets, and the site's server build bundled with the server and release maker.
# Nothing in it depends on content or on the origin.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# Content history is kept in git (the content repository on the volume).
RUN apt-get update && apt-get install -y --no-install-recommends git && rm -rf /var/lib/apt/lists/* \
 && mkdir /data && chown node:node /data
# Memory settings of decision 012, as `npm start` sets them. Content and releases live on the
# volume: the content repository is made from the image's content/ on first start.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    CONTENT_DIR=/data/content \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=32768
WORKDIR /app
# Owned by root, readable by all: the server process cannot change its own code.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY content ./content
# What releases draw pictures and artwork with: the design tokens' colours and the icons.
COPY core/styles/tokens.css ./core/styles/tokens.css
COPY public/assets/icons ./public/assets/icons
# The build holds the bundled server and release maker (build/runtime/): no TypeScript at run time.
COPY --from=build /app/build ./build
USER node
VOLUME /data
EXPOSE 3000
# The first start makes the first release (every page, picture and image): allow it a few minutes.
HEALTHCHECK --interval=10s --timeout=3s --start-period=300s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=100", "--expose-gc", "build/runtime/server.js"]
