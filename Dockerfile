# The product's server and web app in one image (issue #24): run any number of these over PostgreSQL and an
# S3-compatible bucket (compose.yaml shows the whole deployment). Built with `docker build -t clone-talk .`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The desktop app is not part of the image: Electron's binary is never downloaded.
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (dist/web), the bundled server (dist/server), the clone brain's lexicon prepared ahead
# (node_modules/.cache/clone-talk-lexicon), then only what the server needs at run time.
RUN npm run build:web \
 && npm run build:server \
 && npm run lexicon \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# eSpeak NG is the offline text-to-speech of read-aloud and local calls.
RUN apt-get update \
 && apt-get install -y --no-install-recommends espeak-ng ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Files the server reads beside its bundle at run time (server/paths.ts): migrations, seed media, and the
# translation catalogs its mails, texts and first screens are written from (server/i18n.ts).
COPY --from=build /app/server/db/migrations ./server/db/migrations
COPY --from=build /app/server/seed/media ./server/seed/media
COPY --from=build /app/contract/locales ./contract/locales
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/server/index.mjs"]
