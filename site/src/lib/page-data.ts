/**
 * What pages rendered on demand read, and how: in the same process, through the module
 * services the API itself calls (api/site/page-data.ts fulfils this; it reaches a page as
 * `Astro.locals.data`). The shapes are the API's own answers, typed from its schemas, so a
 * page reads what a browser would get from /api; nothing here is imported at run time.
 */
import type { CategoryView, LocationView } from '../../../modules/catalogue/catalogue.schemas.ts';
import type { ConversationItem } from '../../../modules/comments/comment.schemas.ts';
import type { PublicDonationView } from '../../../modules/donations/donation.schemas.ts';
import type { FundraiserCard, FundraiserView, ListQuery, Page, UpdateView } from '../../../modules/fundraisers/fundraiser.schemas.ts';
import type { PaymentMethodsView } from '../../../modules/payments/payment.schemas.ts';
import type { LedgerView } from '../../../modules/payouts/payout.schemas.ts';
import type { TeamBoard } from '../../../modules/teams/team.schemas.ts';

export type { LedgerView, TeamBoard };

/** A fundraiser and the sections of its page; a section that could not be read is null, and the page shows without it. */
export type FundraiserPageData = {
  fundraiser: FundraiserView;
  updates: { updates: UpdateView[]; total: number } | null;
  donations: Page<PublicDonationView> | null;
  /** Comments and donors' words of support, newest first, as GET /api/comments/{id} pages them. */
  conversation: Page<ConversationItem> | null;
  /** The teams raising for it, the first of them with their leading members. */
  teams: TeamBoard | null;
  /** Where its money went, as GET /api/fundraisers/{id}/ledger answers. */
  ledger: LedgerView | null;
  /** What was paid to the beneficiary ("50000.00"), when asked for. */
  withdrawn: string | null;
  /**
   * Who the page is made for: null for a visitor who is not signed in, the one kind of page the
   * app keeps for others. `moderates`: they may hide what others wrote (organiser, co-organiser, admin).
   */
  viewer: { id: number; admin: boolean; moderates: boolean } | null;
};

export type FundraiserSections = {
  /** Updates from position `offset`, newest first. */
  updates?: { offset: number; limit: number };
  donations?: { page: number; size: number };
  conversation?: { page: number; size: number };
  teams?: boolean;
  ledger?: boolean;
  withdrawn?: boolean;
};

export interface PageData {
  /** The fundraiser as this visitor may see it (their session decides `viewerCanManage`), or null when they may not. */
  fundraiser(id: number, sections?: FundraiserSections): Promise<FundraiserPageData | null>;
  /** Fundraisers open for donations, as GET /api/fundraisers lists them. */
  fundraisers(request: ListQuery): Promise<Page<FundraiserCard>>;
  categories(): Promise<CategoryView[]>;
  locations(): Promise<LocationView[]>;
  paymentMethods(): Promise<PaymentMethodsView>;
}

/** What the app passes a page rendered on demand, as `Astro.locals` (site/src/env.d.ts). */
export interface PageLocals {
  data: PageData;
  /** The answer when the page's data cannot be read now: the error page, 503 with Retry-After. */
  unavailable(): Response;
  /**
   * The page as it goes out: compressed for this visitor, and kept for the next ones when it
   * is the same for all (api/site/site-server.ts); never one that sets a cookie.
   */
  deliver(response: Response, page: { setsCookies: boolean }): Promise<Response>;
}
