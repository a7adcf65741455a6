/**
 * npm run bench:weight: what the pages a first-time visitor meets cost on a phone, in English
 * and Amharic (the home page, a fundraiser and its donate page), against the budgets; exits 1
 * when a page breaks one. It counts bytes, which do not vary from run to run, so CI runs it
 * (unlike the throughput half of `npm run bench`). Needs Chromium (Debian's, or CHROMIUM_PATH).
 */
import { chromium, type Request } from 'playwright-core';
import { startApp } from './bench-support.ts';

const kB = 1024;

/** Bytes on the wire, images excluded. Visitors are often on slow, costly mobile data. */
export interface Budget {
  /** None: the JavaScript counts only towards the total. */
  js?: number;
  total: number;
}

/**
 * The pages weighed, `:id` standing for a fundraiser of the demo data. A visitor who follows
 * a shared link lands on the fundraiser page and gives on the donate page; the donate page
 * carries the payment form's island (React), so only its total has a budget.
 */
const pagesWeighed: { path: string; budget: Budget }[] = [
  { path: '/', budget: { js: 80 * kB, total: 180 * kB } },
  { path: '/am', budget: { js: 80 * kB, total: 60 * kB } },
  { path: '/fundraiser/:id', budget: { js: 80 * kB, total: 60 * kB } },
  { path: '/am/fundraiser/:id', budget: { js: 80 * kB, total: 60 * kB } },
  { path: '/donate/:id', budget: { total: 130 * kB } },
  { path: '/am/donate/:id', budget: { total: 130 * kB } },
];

export interface PageWeight {
  path: string;
  budget: Budget;
  html: number;
  css: number;
  js: number;
  font: number;
  other: number;
  total: number;
}

/** Each page in a fresh browser context, so nothing comes from a cache; `:id` is the first fundraiser the list shows unless given. */
export async function weighPages(baseUrl: string, fundraiserId?: number): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const id = fundraiserId ?? (await activeFundraiserId(baseUrl));
    const pages: PageWeight[] = [];
    for (const { path: pattern, budget } of pagesWeighed) {
      const path = pattern.replace(':id', String(id));
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const requests: Request[] = [];
      page.on('requestfinished', (request) => requests.push(request));
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      const weight: PageWeight = { path, budget, html: 0, css: 0, js: 0, font: 0, other: 0, total: 0 };
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

/** The first fundraiser the public list shows (one that takes donations, so its donate page is a form). */
export async function activeFundraiserId(baseUrl: string): Promise<number> {
  const list = (await (await fetch(`${baseUrl}/api/fundraisers?page=0&size=20`)).json()) as { content: { id: number; status: string }[] };
  const shown = list.content.find((f) => f.status === 'ACTIVE');
  if (!shown) throw new Error('the demo data has no fundraiser taking donations to weigh');
  return shown.id;
}

/** Prints the table; answers the budgets each page breaks (none: all within). */
export function reportWeights(pages: PageWeight[]): string[] {
  const broken: string[] = [];
  console.log(`\n## Page weight (compressed, as a browser receives it; images excluded)\n`);
  console.log('| page | HTML | CSS | JS | fonts | total | JS budget | total budget |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const p of pages) {
    const jsBudget = p.budget.js;
    const jsWithin = jsBudget === undefined || p.js <= jsBudget;
    const totalWithin = p.total <= p.budget.total;
    if (!jsWithin) broken.push(`${p.path}: ${kb(p.js)} of JavaScript, over ${kb(jsBudget)}`);
    if (!totalWithin) broken.push(`${p.path}: ${kb(p.total)} in all, over ${kb(p.budget.total)}`);
    const jsVerdict = jsBudget === undefined ? '—' : `${jsWithin ? 'within' : 'OVER'} ${kb(jsBudget)}`;
    console.log(
      `| ${p.path} | ${kb(p.html)} | ${kb(p.css)} | ${kb(p.js)} | ${kb(p.font)} | ${kb(p.total)} | ${jsVerdict} | ${totalWithin ? 'within' : 'OVER'} ${kb(p.budget.total)} |`,
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
