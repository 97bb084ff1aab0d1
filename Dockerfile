# Tessera: one image for every role (ROLE=web | worker | all). docs/deploy.md#containers
# Built from the lockfile (npm ci); the server bundle leaves npm packages external, so the image
# keeps node_modules.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim
# pg_dump / pg_restore for `npm run backup` and `npm run restore` on PostgreSQL (Debian 12: version 15;
# pg_dump must be the server's major version or newer).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
# DATA_DIR: the embedded database (when DATABASE_URL is not set), the generated auth secret, uploads
# without S3 and the app bundles' cache.
RUN mkdir /data && chown node:node /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
VOLUME /data
USER node
EXPOSE 3000
# Readiness (database reachable, migrations applied, not draining); a worker serves no HTTP: its
# service turns this check off (compose.yaml).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.mjs"]
