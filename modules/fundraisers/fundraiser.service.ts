import { ForeignKeyConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { ChangeFeed } from '../../kernel/changes/index.ts';
import { NotFound, ValidationFailed, type FieldErrors } from '../../kernel/http/index.ts';
import { userExists, type User } from '../accounts/index.ts';
import { findCategory, findLocation } from '../catalogue/index.ts';
import type { MediaAuthoriser, MediaService } from '../media/index.ts';
import { fromMinor, toMinor } from '../money/index.ts';
import { consume, type Limit } from '../rate-limits/index.ts';
import { fundraiserKeys } from './fundraiser.changes.ts';
import { FundraiserSchema, type Fundraiser, type FundraiserStatus } from './fundraiser.entity.ts';
import { CurrencyLocked, FundraiserNotFound, FundraiserSuspended, InvalidStatusChange, NotFundraiserManager, OwnerMismatch, StatusChangeAdminOnly } from './fundraiser.errors.ts';
import { mayManage } from './fundraiser.access.ts';
import { lockFundraiserRow } from './fundraiser.money-lock.ts';
import type { CreateFundraiserRequest, EditFundraiserRequest, FundraiserCard, FundraiserSort, FundraiserView, Page } from './fundraiser.schemas.ts';
import { findFundraiserIds, teamIdIn, type FundraiserFilter } from './fundraiser.search.ts';
import { createTotalsCache } from './fundraiser.totals-cache.ts';
import { fundraiserCards, fundraiserView, pageOf } from './fundraiser.views.ts';

/** Shown in discovery, search and category lists: fundraisers that can take donations. */
export const listedStatuses: readonly FundraiserStatus[] = ['ACTIVE'];
/** Reachable by link and shown on the organiser's profile: everything but a suspended one. */
export const publicStatuses: readonly FundraiserStatus[] = ['ACTIVE', 'PAUSED', 'CLOSED'];

/** What an organiser may do themself; anything to or from SUSPENDED is an admin's. */
const organiserTransitions: Record<FundraiserStatus, readonly FundraiserStatus[]> = {
  ACTIVE: ['PAUSED', 'CLOSED'],
  PAUSED: ['ACTIVE', 'CLOSED'],
  CLOSED: [],
  SUSPENDED: [],
};

/** A person starting many fundraisers in an hour is far more likely a spammer than an organiser. */
export const createLimit: Limit = { limit: 10, windowMs: 60 * 60_000 };

/**
 * The seam for the donations module: a fundraiser that has received money is never deleted,
 * only closed. `donationCount` is kept by that module in the same transaction as each
 * succeeded payment. It counts successes only; any donation row at all (pending, failed,
 * refunded) is found by its foreign key to the fundraiser, which refuses the delete.
 */
export function hasDonations(f: Fundraiser): boolean {
  return f.donationCount > 0;
}

/**
 * The fundraiser as `viewer` may see it: a suspended one exists only for its organiser and
 * admins (404 for anybody else). With `related`, its organiser,
 * category and location come in the same statement, for a view of it.
 */
export async function findVisible(em: EntityManager, viewer: User | null, id: number, options: { refresh?: boolean; related?: boolean } = {}): Promise<Fundraiser> {
  const f = await em.findOne(
    FundraiserSchema,
    { id },
    options.related ? { refresh: options.refresh, populate: ['owner', 'category', 'location'], strategy: 'joined' } : { refresh: options.refresh },
  );
  if (!f || (f.status === 'SUSPENDED' && !mayManage(f, viewer))) throw new FundraiserNotFound();
  return f;
}

/**
 * 404 when `viewer` cannot see it, 403 when they can but may not change it: it is not theirs,
 * or it is suspended, when it is the moderators' alone until they lift the suspension.
 */
export async function findManaged(em: EntityManager, viewer: User, id: number, options: { refresh?: boolean } = {}): Promise<Fundraiser> {
  const f = await findVisible(em, viewer, id, options);
  if (!mayManage(f, viewer)) throw new NotFundraiserManager();
  if (f.status === 'SUSPENDED' && !viewer.admin) throw new FundraiserSuspended();
  return f;
}

/**
 * For the media module: images of a fundraiser are its organiser's (or an admin's) to add and
 * remove. Locking, the row stays locked until the caller's transaction ends, so that uploads
 * to one fundraiser count its images one after another, and it is judged as it is now.
 */
export const authoriseFundraiserMedia: MediaAuthoriser = async (em, user, id, options) => {
  if (!options?.lock) {
    await findManaged(em, user, id);
    return;
  }
  if (!(await lockFundraiserRow(em, id))) throw new FundraiserNotFound();
  await findManaged(em, user, id, { refresh: true });
};

async function references(em: EntityManager, input: { categoryId?: number | undefined; locationId?: number | undefined }) {
  const [category, location] = await Promise.all([
    input.categoryId === undefined ? undefined : findCategory(em, input.categoryId),
    input.locationId === undefined ? undefined : findLocation(em, input.locationId),
  ]);
  const fields: FieldErrors = {};
  if (category === null) fields.categoryId = { code: 'field.category_unknown' };
  if (location === null) fields.locationId = { code: 'field.location_unknown' };
  if (Object.keys(fields).length) throw new ValidationFailed(fields);
  return { category: category ?? undefined, location: location ?? undefined };
}

export interface ListRequest {
  page: number;
  size: number;
  categoryId?: number | undefined;
  locationId?: number | undefined;
  query?: string | undefined;
  sort?: FundraiserSort | undefined;
}

export interface FundraiserService {
  /** The fundraiser as its page shows it to `viewer` (null: a visitor not signed in). */
  view(em: EntityManager, f: Fundraiser, viewer: User | null): Promise<FundraiserView>;
  create(em: EntityManager, owner: User, input: CreateFundraiserRequest): Promise<Fundraiser>;
  edit(em: EntityManager, viewer: User, id: number, input: EditFundraiserRequest): Promise<Fundraiser>;
  changeStatus(em: EntityManager, viewer: User, id: number, status: FundraiserStatus): Promise<Fundraiser>;
  /** Deletes a fundraiser without donations (with its updates and images); closes one with donations. */
  remove(em: EntityManager, viewer: User, id: number): Promise<{ outcome: 'deleted' } | { outcome: 'closed'; fundraiser: Fundraiser }>;
  /** Listed (ACTIVE) fundraisers; `query` is a text search, or `teamId=N` for a team's fundraisers. */
  list(em: EntityManager, request: ListRequest): Promise<Page<FundraiserCard>>;
  /** All of a user's fundraisers for themself and admins; the public ones for anybody else. */
  listForUser(em: EntityManager, viewer: User | null, userId: number, paging: { page: number; size: number }): Promise<Page<FundraiserCard>>;
}

/** How long the total of a discovery list may be reused; 0 counts every time. */
export const listTotalsTtlMs = 10_000;

export function createFundraiserService(deps: {
  media: MediaService;
  listTotalsTtlMs?: number;
  /** Whether any donation row (of any status) refers to the fundraiser: given by the donations module. */
  donationRowsExist?: (em: EntityManager, fundraiserId: number) => Promise<boolean>;
  /** The change feed, whose news of other instances' changes to the lists clears the totals here too. */
  feed?: ChangeFeed;
}): FundraiserService {
  const totals = createTotalsCache(deps.listTotalsTtlMs ?? listTotalsTtlMs);
  // Writes through this service clear the totals themselves; another instance's reach here through the feed.
  deps.feed?.listen((keys, origin) => {
    if (origin === 'elsewhere' && keys.includes(fundraiserKeys.listing)) totals.clear();
  });

  async function page(em: EntityManager, filter: FundraiserFilter, cacheTotal = false): Promise<Page<FundraiserCard>> {
    const { ids, total } = await findFundraiserIds(em, filter, cacheTotal ? totals : undefined);
    // One query for the rows with their organiser, category and place; the cover images follow in one more.
    const rows = ids.length ? await em.find(FundraiserSchema, { id: { $in: ids } }, { populate: ['owner', 'category', 'location'], strategy: 'joined' }) : [];
    const byId = new Map(rows.map((f) => [f.id, f]));
    const ordered = ids.map((id) => byId.get(id)).filter((f): f is Fundraiser => f !== undefined);
    return pageOf(await fundraiserCards(em, deps.media.links, ordered), filter, total);
  }

  /**
   * Deletes the fundraiser, its image rows and (by the foreign key's cascade) its updates in
   * one transaction, answering the image files to remove after the commit. Null when a
   * donation row refers to it, whatever its status and however recently it arrived: the
   * donation's foreign key refuses the delete, and nothing of it is kept.
   */
  async function deleteUnlessDonated(em: EntityManager, f: Fundraiser): Promise<string[] | null> {
    try {
      return await em.transactional(async (tx) => {
        // First, as every change that depends on what is attached to the fundraiser does.
        await lockFundraiserRow(tx, f.id);
        const keys = await deps.media.detachAll(tx, 'FUNDRAISER', f.id);
        tx.remove(f);
        return keys;
      });
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) return null;
      throw error;
    }
  }

  return {
    view: (em, f, viewer) => fundraiserView(em, deps.media.links, f, viewer),

    async create(em, owner, input) {
      if (input.userId !== undefined && input.userId !== owner.id) throw new OwnerMismatch();
      const { category, location } = await references(em, input);
      await consume(em, `fundraiser:create:user:${owner.id}`, createLimit);
      const f = em.create(FundraiserSchema, {
        title: input.title,
        description: input.description,
        beneficiaryName: input.beneficiaryName ?? null,
        owner,
        category: category!,
        location: location!,
        currency: input.currency,
        // The schema admitted only amounts toMinor accepts.
        goalMinor: toMinor(input.goalAmount, input.currency)!,
        raisedMinor: 0,
        donationCount: 0,
        status: 'ACTIVE',
        teamsOpen: false,
      });
      await em.flush();
      totals.clear();
      return f;
    },

    async edit(em, viewer, id, input) {
      if (input.id !== undefined && input.id !== id) throw new ValidationFailed({ id: { code: 'field.path_id_mismatch' } });
      const f = await findManaged(em, viewer, id);
      const { category, location } = await references(em, input);
      const currency = input.currency ?? f.currency;
      if (currency !== f.currency) {
        // Fixed once any donation exists, paid or not: a pending one may still be paid, in its
        // own currency. Under the row lock that creating a donation takes too (donations module).
        await em.transactional(async (tx) => {
          await lockFundraiserRow(tx, f.id);
          if (hasDonations(f) || (await deps.donationRowsExist?.(tx, f.id))) throw new CurrencyLocked();
          await tx.nativeUpdate(FundraiserSchema, { id: f.id }, { currency });
        });
      }
      if (input.title !== undefined) f.title = input.title;
      if (input.description !== undefined) f.description = input.description;
      if (input.beneficiaryName !== undefined) f.beneficiaryName = input.beneficiaryName;
      if (input.teamsOpen !== undefined) f.teamsOpen = input.teamsOpen;
      if (category) f.category = category;
      if (location) f.location = location;
      // A new currency without a new goal keeps the goal's figure: "1500.00" stays 1500.00.
      f.goalMinor = toMinor(input.goalAmount ?? fromMinor(f.goalMinor, f.currency), currency)!;
      f.currency = currency;
      await em.flush();
      totals.clear();
      return f;
    },

    async changeStatus(em, viewer, id, status) {
      // Not findManaged: to and from SUSPENDED is this action's own rule, answered as such.
      const f = await findVisible(em, viewer, id);
      if (!mayManage(f, viewer)) throw new NotFundraiserManager();
      if (status === f.status) return f;
      if (status === 'SUSPENDED' || f.status === 'SUSPENDED') {
        if (!viewer.admin) throw new StatusChangeAdminOnly();
      } else if (!organiserTransitions[f.status as FundraiserStatus].includes(status)) {
        throw new InvalidStatusChange();
      }
      // Lifting a suspension made here returns the fundraiser to where it was, as the admin screens' does.
      f.suspendedFrom = status === 'SUSPENDED' ? f.status : null;
      f.status = status;
      await em.flush();
      totals.clear();
      return f;
    },

    async remove(em, viewer, id) {
      const f = await findManaged(em, viewer, id);
      const keys = hasDonations(f) ? null : await deleteUnlessDonated(em, f);
      totals.clear();
      if (keys) {
        await deps.media.storage.remove(keys);
        return { outcome: 'deleted' };
      }
      f.status = 'CLOSED';
      await em.flush();
      return { outcome: 'closed', fundraiser: f };
    },

    async list(em, request) {
      const teamId = teamIdIn(request.query);
      return page(em, {
        // A team page shows its fundraisers as the organiser's profile would; discovery shows those open for donations.
        statuses: teamId === null ? listedStatuses : publicStatuses,
        categoryId: request.categoryId,
        locationId: request.locationId,
        teamId: teamId ?? undefined,
        text: teamId === null ? request.query : undefined,
        sort: request.sort ?? (request.query && teamId === null ? 'relevance' : 'newest'),
        page: request.page,
        size: request.size,
      }, teamId === null);
    },

    async listForUser(em, viewer, userId, paging) {
      if (!(await userExists(em, userId))) throw new NotFound('user_not_found');
      const everything = !!viewer && (viewer.id === userId || viewer.admin);
      return page(em, { statuses: everything ? ['ACTIVE', 'PAUSED', 'CLOSED', 'SUSPENDED'] : publicStatuses, ownerId: userId, sort: 'newest', ...paging });
    },
  };
}
