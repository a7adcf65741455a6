import type { Logger } from 'pino';
import type { SeenVersions } from '../../kernel/changes/index.ts';
import { AppError, type AppContext } from '../../kernel/http/index.ts';
import { currentUser } from '../../modules/accounts/index.ts';
import type { CatalogueService } from '../../modules/catalogue/index.ts';
import { conversation } from '../../modules/comments/index.ts';
import { succeededPage } from '../../modules/donations/index.ts';
import { findVisible, fundraiserKeys, mayModerate, updatesSlice, type FundraiserService } from '../../modules/fundraisers/index.ts';
import { isCoOrganiser, teamBoard } from '../../modules/teams/index.ts';
import type { MediaLinks } from '../../modules/media/index.ts';
import type { PaymentService } from '../../modules/payments/index.ts';
import { fromMinor } from '../../modules/money/index.ts';
import { ledgerView, type PayoutService } from '../../modules/payouts/index.ts';
import type { PageData } from '../../site/src/lib/page-data.ts';

export interface PageDataServices {
  fundraisers: FundraiserService;
  catalogue: CatalogueService;
  payments: PaymentService;
  payouts: PayoutService;
  mediaLinks: MediaLinks;
  logger: Logger;
}

/**
 * A page's main read failed for a reason other than the visitor's (the database is away):
 * the page answers 503 with Retry-After (site/src/middleware.ts), as a moment later it will
 * very likely render.
 */
export class DataUnavailable extends Error {
  override readonly name = 'DataUnavailable';
}

/**
 * What a page rendered on demand reads (site/src/lib/page-data.ts), from the services the
 * API calls, in this request's unit of work: no HTTP to itself, no second session lookup,
 * and the fundraiser row read once. Every key read is noted in `seen` before its data, so
 * the render cache knows what makes the page stale (kernel/changes); `onPartial` hears of a
 * section left off, which makes the page one not to keep.
 */
export function pageDataFor(ctx: AppContext, services: PageDataServices, seen: SeenVersions, onPartial: () => void = () => {}): PageData {
  const em = ctx.state.em;
  const main = async <T>(what: string, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new DataUnavailable(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };
  // A section that fails is left off the page, which is still worth showing, but not keeping.
  const section = async <T>(what: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      onPartial();
      services.logger.warn({ err: error, path: ctx.path, section: what }, 'a section of the page could not be read; shown without it');
      return null;
    }
  };
  return {
    async fundraiser(id, sections = {}) {
      seen.see(fundraiserKeys.one(id));
      seen.see(fundraiserKeys.people);
      const viewer = await main('viewer', () => currentUser(ctx));
      const found = await main(`fundraiser ${id}`, async () => {
        try {
          const f = await findVisible(em, viewer, id, { related: true });
          return { f, view: await services.fundraisers.view(em, f, viewer) };
        } catch (error) {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        }
      });
      if (!found) return null;
      const { f, view: shown } = found;
      const { updates: updatesWanted, donations: donationsWanted, conversation: conversationWanted, teams: teamsWanted, ledger: ledgerWanted, withdrawn: withdrawnWanted } = sections;
      const [updates, donations, words, teams, moderates, ledger, withdrawn] = await Promise.all([
        updatesWanted ? section('updates', () => updatesSlice(em, id, updatesWanted)) : null,
        donationsWanted ? section('donations', () => succeededPage(em, id, donationsWanted)) : null,
        conversationWanted ? section('conversation', () => conversation(em, services.mediaLinks, viewer, id, conversationWanted)) : null,
        teamsWanted ? section('teams', () => teamBoard(em, services.mediaLinks, f)) : null,
        // Co-organisers hide what others wrote, as the organiser does; only a signed-in page asks.
        viewer && !shown.viewerCanManage ? main('co-organiser', () => mayModerate(em, f, viewer, isCoOrganiser)) : shown.viewerCanManage,
        ledgerWanted ? section('ledger', async () => ledgerView(await services.payouts.ledger(em, f))) : null,
        withdrawnWanted ? section('withdrawn', async () => fromMinor(await services.payouts.withdrawnMinor(em, id), f.currency)) : null,
      ]);
      return {
        fundraiser: shown,
        updates,
        donations,
        conversation: words,
        teams,
        ledger,
        withdrawn,
        viewer: viewer && { id: viewer.id, admin: viewer.admin, moderates: moderates === true },
      };
    },
    fundraisers(request) {
      seen.see(fundraiserKeys.lists);
      seen.see(fundraiserKeys.people);
      return main('fundraisers', () => services.fundraisers.list(em, request));
    },
    categories: () => main('categories', () => services.catalogue.categories()),
    locations: () => main('locations', () => services.catalogue.locations()),
    paymentMethods: async () => ({ methods: services.payments.methods() }),
  };
}
