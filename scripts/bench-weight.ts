/**
 * npm run bench:weight: what the home page costs a first-time visitor on a phone, in English
 * and Amharic, against the budgets; exits 1 when a page breaks one. It counts bytes, which
 * do not vary from run to run, so CI runs it (unlike the throughput half of `npm run bench`).
 * Needs Chromium (Debian's, or CHROMIUM_PATH).
 */
import { chromium, type Request } from 'playwright-core';
import { startApp } from './bench-support.ts';

/** Bytes on the wire, images excluded. Visitors are often on slow, costly mobile data. */
export const budgets = { js: 80 * 1024, total: 180 * 1024 };
const paths = ['/', '/am'];

export interface PageWeight {
  path: string;
  html: number;
  css: number;
  js: number;
  font: number;
  other: number;
  total: number;
}

/** Each page in a fresh browser context, so nothing comes from a cache. */
export async function weighPages(baseUrl: string): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const pages: PageWeight[] = [];
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const requests: Request[] = [];
      page.on('requestfinished', (request) => requests.push(request));
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      const weight: PageWeight = { path, html: 0, css: 0, js: 0, font: 0, other: 0, total: 0 };
      for (const request of requests) {
        if (!(await request.response())) continue;
        const type = request.resourceType();
        if (type === 'image') continue;
        // Bytes on the wire: the (compressed) body plus response headers.
        const sizes = await request.sizes();
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        const key = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : type === 'font' ? 'font' : 'other';
        weight[key] += bytes;
        weight.total += bytes;
      }
      pages.push(weight);
      await context.close();
    }
    return pages;
  } finally {
    await browser.close();
  }
}

/** Prints the table; answers the budgets each page breaks (none: all within). */
export function reportWeights(pages: PageWeight[]): string[] {
  const broken: string[] = [];
  console.log(`\n## Home page weight (compressed, as a browser receives it)\n`);
  console.log('| page | HTML | CSS | JS | fonts | total | JS budget | total budget |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const p of pages) {
    const jsWithin = p.js <= budgets.js;
    const totalWithin = p.total <= budgets.total;
    if (!jsWithin) broken.push(`${p.path}: ${kb(p.js)} of JavaScript, over ${kb(budgets.js)}`);
    if (!totalWithin) broken.push(`${p.path}: ${kb(p.total)} in all, over ${kb(budgets.total)}`);
    console.log(
      `| ${p.path} | ${kb(p.html)} | ${kb(p.css)} | ${kb(p.js)} | ${kb(p.font)} | ${kb(p.total)} | ${jsWithin ? 'within' : 'OVER'} ${kb(budgets.js)} | ${totalWithin ? 'within' : 'OVER'} ${kb(budgets.total)} |`,
    );
  }
  if (broken.length > 0) console.error(`\nPage-weight budget broken:\n${broken.map((b) => `- ${b}`).join('\n')}`);
  return broken;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (process.argv[1] === import.meta.filename) {
  const app = await startApp();
  try {
    if (reportWeights(await weighPages(app.url)).length > 0) process.exitCode = 1;
  } finally {
    app.stop();
  }
}
