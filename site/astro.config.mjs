// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';

// Builds run offline (CI, the in-app rebuild cron), so Astro's usage telemetry must never
// try the network. The CLI reads this variable lazily, after the config has loaded.
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

export default defineConfig({
  site: process.env.PUBLIC_URL || 'http://localhost:8080',
  output: 'static',
  outDir: process.env.SITE_OUT_DIR || './dist',
  // The Koa app mounts dist/server/entry.mjs itself and keeps its own sessions,
  // so Astro's filesystem session store would only be dead weight.
  adapter: node({ mode: 'middleware' }),
  session: false,
  integrations: [react()],
  build: { format: 'directory' },
  vite: {
    plugins: [tailwindcss()],
    define: {
      // The app's builder passes each build a snapshot file of its own (api/site/site-builder.ts).
      __SNAPSHOT_PATH__: JSON.stringify(process.env.SITE_SNAPSHOT_PATH || fileURLToPath(new URL('./src/data/snapshot.json', import.meta.url))),
    },
  },
});
