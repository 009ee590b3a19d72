# The portal as one OCI image (docs/operations.md, Container image). Build stage: install everything, build the
# web app and the server (npm run build). Runtime stage: the built files and the server's production
# dependencies only, a non-root user, the data directory a volume, a health check on /api/health.
#   podman build -t iot-portal .      (or docker build)
#   podman run -p 8080:8080 -p 1884:1884 -v portal-data:/data -e ROOT_PASSWORD=... iot-portal
ARG NODE_IMAGE=docker.io/library/node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/gateway-sim/package.json apps/gateway-sim/
COPY apps/launcher/package.json apps/launcher/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
# Only the server's production dependencies (the web app is served as built files).
RUN npm ci --omit=dev --no-audit --no-fund --workspace @portal/server --include-workspace-root=false \
  && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin portal \
  && mkdir -p /data && chown portal /data
USER portal
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080 \
    MQTT_PORT=1884 \
    PORTAL_HEAP_MB=1024
VOLUME ["/data"]
EXPOSE 8080 1884
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# exec: node is PID 1 and receives SIGTERM itself (it drains, then exits).
CMD ["sh", "-c", "exec node --max-old-space-size=${PORTAL_HEAP_MB} --enable-source-maps apps/server/dist/server.js"]
