/**
 * schema.org data (JSON-LD) for search engines and link previews. It sits in a
 * <script type="application/ld+json"> block, which browsers never run, so the CSP has
 * nothing to allow for it.
 */
import { summarize, type Fundraiser } from './fundraiser.ts';

/**
 * The text of a JSON-LD block. It is data, not script, but the HTML parser still ends the
 * element at a "</script>" inside any string (a fundraiser's title, say); "\u003c" is the
 * same character to a JSON reader and no tag to the HTML parser.
 */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export type FundraiserJsonLdInput = {
  fundraiser: Fundraiser;
  /** The page's absolute URL in the language it is shown in. */
  url: string;
  /** The donate page's absolute URL, while the fundraiser takes donations. */
  donateUrl?: string;
  /** The language the organiser wrote in, which may differ from the page's. */
  inLanguage: string;
  site: { name: string; url: string };
};

/**
 * A fundraiser as an Article, as its Open Graph tags describe it (an organiser's story with
 * dates), with a DonateAction while donations are open.
 */
export function fundraiserJsonLd({ fundraiser: f, url, donateUrl, inLanguage, site }: FundraiserJsonLdInput): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: f.title,
    name: f.title,
    description: summarize(f.description, 200),
    url,
    mainEntityOfPage: url,
    inLanguage,
    ...(f.images.length > 0 ? { image: f.images.map((image) => new URL(image.url, site.url).href) } : {}),
    author: { '@type': 'Person', name: f.owner.name },
    publisher: { '@type': 'Organization', name: site.name, url: site.url },
    datePublished: f.createdAt,
    dateModified: f.updatedAt,
    ...(donateUrl ? { potentialAction: { '@type': 'DonateAction', target: donateUrl } } : {}),
  };
}
