# Guida: one Node server with the embedded database in a volume (or PostgreSQL via
# DATABASE_URL). Build: docker build -t guida .   Run: docker run -p 3000:3000 -v guida-data:/data guida
# Base images are pinned to a patch release. Where no registry is reachable,
# scripts/docker-stand-in-images.sh builds stand-ins under these names (docs/deploying.md).

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.21.0-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=dev keeps "devOptional" packages (typescript, @types/react): optional peers of
# production packages that only development tools use. They are removed by name from the
# lockfile, so none ships in the image.
RUN npm ci --omit=dev --no-audit --no-fund \
  && node -e "const lock = require('./package-lock.json'); for (const [dir, entry] of Object.entries(lock.packages)) if (entry.devOptional) require('node:fs').rmSync(dir, { recursive: true, force: true })"

FROM node:24.21.0-bookworm-slim
# Fonts for the demo town's generated artwork (SVG text rendered at seed time); tini as PID 1,
# so signals reach the server and no zombie is left (node is not written to be an init).
# fontconfig-config brings /etc/fonts/fonts.conf: without it (a --no-install-recommends
# install) sharp's fontconfig prints a plain-text "Fontconfig error" on every start.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fontconfig-config tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data APP_ROOT=/app
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
COPY supabase/migrations ./supabase/migrations
COPY server/db/compat.sql server/db/local-auth.sql server/db/pglite-worker.js ./server/db/
# /media: the shared pictures folder when MEDIA_DIR=/media (deploy/docker-compose.yml mounts a volume there).
RUN mkdir -p /data /media && chown node:node /data /media
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains requests and closes the database (server/http/app.ts); tini passes it on.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server.js"]
