declare namespace App {
  /** What api/site/site-server.ts passes to Astro's handler with each on-demand request (lib/page-data.ts says what each is). */
  interface Locals {
    data: import('./lib/page-data.ts').PageLocals['data'];
    unavailable: import('./lib/page-data.ts').PageLocals['unavailable'];
    deliver: import('./lib/page-data.ts').PageLocals['deliver'];
  }
}

/** A font file's built address (site/src/assets/fonts/ethiopic.ts), never inlined as a data: URL, which the CSP refuses. */
declare module '*.woff2?url&no-inline' {
  const url: string;
  export default url;
}
