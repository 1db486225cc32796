# Keyland store image: one stateless instance. compose.yaml runs several behind nginx on one PostgreSQL
# (see docs/deployment.md); `npm run cluster` runs the same topology without Docker.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (with .br/.gz twins of its files) and the server bundle (plain JavaScript).
RUN npm run build && npm run build:server && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/core ./packages/core
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# SIGTERM: not ready, stop accepting, finish requests and jobs, close the database, exit.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# V8 memory settings shared with deploy/cluster.ts (NODE_FLAGS): ~150 MB resident under load.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=192", "apps/server/dist/bundle/server.js"]
