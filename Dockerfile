FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# Development tools (test runners, the pinned node binary) stay out of the image; the base image is Node 24.
RUN npm ci --omit=dev && npm cache clean --force
COPY . .
RUN mkdir -p data && chown -R node:node /app
USER node
EXPOSE 8080
CMD ["node", "scripts/start.ts"]
