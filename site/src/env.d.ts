/** Absolute path of the database export read at build time; defined in astro.config.mjs. */
declare const __SNAPSHOT_PATH__: string;

declare namespace App {
  /** What api/app.ts passes to Astro's handler with each on-demand request. */
  interface Locals {
    /** Where this process's own /api answers (see site/src/lib/server-api.ts). */
    apiBase: string;
    /** The answer to give when the API cannot be read now: 503 with Retry-After (site/src/middleware.ts). */
    unavailable(): Response;
  }
}
