/** Absolute path of the database export read at build time; defined in astro.config.mjs. */
declare const __SNAPSHOT_PATH__: string;
