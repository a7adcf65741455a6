/**
 * Turns a category page's "Show more" link into a button that appends discover's next
 * pages from GET /api/fundraisers. A page that cannot be loaded is opened on discover
 * instead, where the server renders it: the visitor still gets it, just not in place.
 */
import { apiFetch } from '../../../../lib/api';
import { fill, textLang } from '../../../../lib/format';
import { formatAmount, progressPercent, type FundraiserListItem, type Page } from '../../../../lib/fundraiser';

type Messages = { loading: string; showing: string; raised: string; donationsOne: string; donationsOther: string };

const host = document.querySelector<HTMLElement>('[data-show-more]');
const link = host?.querySelector('a');
const list = document.querySelector<HTMLElement>('[data-testid="results"]');
const count = document.querySelector<HTMLElement>('[data-testid="result-count"]');
if (host && link && list && count) setUp(host, link, list, count);

function setUp(host: HTMLElement, link: HTMLAnchorElement, list: HTMLElement, count: HTMLElement): void {
  const lang = document.documentElement.lang === 'am' ? 'am' : 'en';
  const messages = JSON.parse(host.dataset.messages ?? '{}') as Messages;
  const numbers = new Intl.NumberFormat(lang === 'am' ? 'am-ET' : 'en-US');
  const label = link.textContent ?? '';
  // 0-based, as the API counts: the page already shown is 0.
  let next = 1;

  const button = document.createElement('button');
  button.type = 'button';
  button.className = `${link.className} cursor-pointer`;
  button.textContent = label;
  link.replaceWith(button);

  const card = (item: FundraiserListItem): HTMLElement => {
    const template = document.querySelector<HTMLTemplateElement>(`template[data-card-template="${item.image ? 'image' : 'plain'}"]`);
    const copy = template?.content.firstElementChild?.cloneNode(true);
    if (!(copy instanceof HTMLElement)) throw new Error('the card templates are missing');
    const field = <T extends HTMLElement>(name: string) => copy.querySelector<T>(`[data-card="${name}"]`)!;
    copy.dataset.fundraiserId = String(item.id);
    if (item.image) field<HTMLImageElement>('image').src = item.image.thumbnailUrl;
    field('city').textContent = lang === 'am' ? item.location.cityAm : item.location.city;
    const title = field<HTMLAnchorElement>('link');
    title.href = `${host.dataset.fundraiserPath}${item.id}`;
    title.textContent = item.title;
    field('summary').textContent = item.summary;
    // As the card marks it: organisers write in either language whatever the page's.
    const written = textLang(`${item.title} ${item.summary}`);
    for (const name of ['heading', 'summary']) {
      if (written === lang) field(name).removeAttribute('lang');
      else field(name).lang = written;
    }
    field('bar').style.width = `${progressPercent(item.raisedAmount, item.goalAmount)}%`;
    field('raised').textContent = fill(messages.raised, {
      raised: formatAmount(lang, item.raisedAmount, item.currency),
      goal: formatAmount(lang, item.goalAmount, item.currency),
    });
    field('donations').textContent = fill(item.donationCount === 1 ? messages.donationsOne : messages.donationsOther, { count: numbers.format(item.donationCount) });
    return copy;
  };

  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-disabled', 'true');
    button.textContent = messages.loading;
    const path = `/api/fundraisers?categoryId=${host.dataset.categoryId}&page=${next}&size=${host.dataset.size}`;
    let page: Page<FundraiserListItem>;
    try {
      page = await apiFetch<Page<FundraiserListItem>>(path, { lang, signal: AbortSignal.timeout(15_000) });
    } catch {
      const discover = new URL(link.href);
      discover.searchParams.set('page', String(next + 1));
      location.assign(discover);
      return;
    }
    next += 1;
    // The first page is as old as the last rebuild; one started since then moves the others down a place.
    const shown = new Set([...list.querySelectorAll<HTMLElement>('[data-fundraiser-id]')].map((item) => item.dataset.fundraiserId));
    const added = page.content.filter((item) => !shown.has(String(item.id))).map(card);
    list.append(...added);
    count.textContent = fill(messages.showing, { shown: numbers.format(list.children.length), total: numbers.format(page.totalElements) });
    if (next >= page.totalPages) {
      button.remove();
    } else {
      button.textContent = label;
      button.removeAttribute('aria-disabled');
    }
    // Keyboard and screen-reader users go on from the first card they have not seen.
    const first = added[0] ?? (button.isConnected ? null : list.lastElementChild);
    first?.querySelector('a')?.focus();
  });
}
