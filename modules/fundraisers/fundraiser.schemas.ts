import { z } from 'zod';
import { blankToNull, blankToUndefined, oneLine, plainText } from '../../kernel/http/index.ts';
import { categoryResponse, locationResponse } from '../catalogue/index.ts';
import { mediaResponse } from '../media/index.ts';
import { currencies, decimalAmount } from '../money/index.ts';
import { fundraiserStatuses } from './fundraiser.entity.ts';

/** The largest goal a fundraiser may set, in whole units of its currency. */
export const maxGoal = 10_000_000;

const title = z.string().transform(oneLine).pipe(z.string().min(5).max(120));
const description = z.string().transform(plainText).pipe(z.string().min(1).max(10_000));
const beneficiaryName = z.preprocess(blankToNull, z.string().transform(oneLine).pipe(z.string().max(120)).nullable().optional());
const id = z.number().int().positive();
const goalAmount = decimalAmount({ max: maxGoal });
const currency = z.enum(currencies);

export const createFundraiserRequest = z.strictObject({
  title,
  description,
  goalAmount,
  categoryId: id,
  locationId: id,
  currency: z.preprocess(blankToUndefined, currency.default('USD')),
  beneficiaryName,
  /** The site sends the organiser's id; it must be the signed-in user. */
  userId: id.optional(),
});
export type CreateFundraiserRequest = z.output<typeof createFundraiserRequest>;

/** Every field optional: what is sent changes, what is left out stays. */
export const editFundraiserRequest = z.strictObject({
  /** When present, must be the id in the address. */
  id: id.optional(),
  title: title.optional(),
  description: description.optional(),
  goalAmount: goalAmount.optional(),
  categoryId: id.optional(),
  locationId: id.optional(),
  currency: currency.optional(),
  beneficiaryName,
  /** Let any signed-in supporter start a team for it (off: only its organiser does). */
  teamsOpen: z.boolean().optional(),
});
export type EditFundraiserRequest = z.output<typeof editFundraiserRequest>;

export const statusRequest = z.strictObject({ status: z.enum(fundraiserStatuses) });

export const updateContentRequest = z.strictObject({
  content: z.string().transform(plainText).pipe(z.string().min(1).max(5_000)),
});

export const fundraiserSorts = ['newest', 'most_funded', 'closest_to_goal', 'relevance'] as const;
export type FundraiserSort = (typeof fundraiserSorts)[number];

/** 0-based pages of at most 50. */
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

export const listQuery = pagingQuery.extend({
  categoryId: z.coerce.number().int().positive().optional(),
  locationId: z.coerce.number().int().positive().optional(),
  query: z.string().trim().max(200).optional(),
  sort: z.enum(fundraiserSorts).optional(),
});
export type ListQuery = z.output<typeof listQuery>;

export const searchQuery = listQuery;

export const updatesQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const userParams = z.object({ userId: z.coerce.number().int().positive() });
export const updateParams = z.object({ id: z.coerce.number().int().positive(), updateId: z.coerce.number().int().positive() });

const money = z.string().describe('decimal, e.g. "1500.00"');
/** An organiser or an update's author, by name: never an e-mail address. */
const person = z.object({ id: z.number(), name: z.string() });

/** What a fundraiser's page and its card in a list both show. Amounts are decimal strings in `currency`. */
const fundraiserBasics = z.object({
  id: z.number(),
  title: z.string(),
  beneficiaryName: z.string().nullable(),
  category: categoryResponse,
  location: locationResponse,
  status: z.enum(fundraiserStatuses),
  raisedAmount: money,
  donationCount: z.number(),
  goalAmount: money,
  currency: z.enum(currencies),
  createdAt: z.string(),
  updatedAt: z.string(),
  teamId: z.number().nullable(),
});

/** A fundraiser as its page shows it. */
export const fundraiserResponse = fundraiserBasics.extend({
  description: z.string(),
  owner: person.extend({ avatarUrl: z.string().nullable() }),
  images: z.array(mediaResponse),
  /** Whether whoever asked manages it: its organiser or an admin (while it is suspended, only an admin may change it). */
  viewerCanManage: z.boolean(),
  /** Whether any signed-in supporter may start a team for it. */
  teamsOpen: z.boolean(),
  /** Set once an admin checked its documents: when, and what was checked ("Hospital letter checked"). */
  verified: z.object({ at: z.string(), note: z.string() }).nullable(),
});

/** A fundraiser in a list: a summary of the story instead of all of it, and the cover image only. */
export const fundraiserCardResponse = fundraiserBasics.extend({
  summary: z.string(),
  owner: person,
  image: mediaResponse.nullable(),
});

/** A page of a list (design: paged lists), 0-based. */
export const pageResponse = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), page: z.number(), size: z.number(), totalElements: z.number(), totalPages: z.number() });

export const updateResponse = z.object({
  id: z.number(),
  fundraiserId: z.number(),
  content: z.string(),
  author: person,
  createdAt: z.string(),
});

/** A fundraiser on a pre-rendered page's card (home, category pages): no ids to follow but its own. */
export const staticCardResponse = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  /** The cover's card-sized rendition, or null without images. */
  imageUrl: z.string().nullable(),
  city: z.string(),
  cityAm: z.string(),
  raisedAmount: money,
  goalAmount: money,
  currency: z.enum(currencies),
  donationCount: z.number(),
});

/** The first page of a category's fundraisers, as its pre-rendered page shows it. */
export const categoryFirstPageResponse = z.object({
  categoryId: z.number(),
  size: z.number().int().positive(),
  totalElements: z.number().int().nonnegative(),
  content: z.array(staticCardResponse),
});

export const deleteResponse = z.object({ outcome: z.enum(['deleted', 'closed']), fundraiser: fundraiserResponse.optional() });

export type FundraiserView = z.output<typeof fundraiserResponse>;
export type FundraiserCard = z.output<typeof fundraiserCardResponse>;
export type FeaturedFundraiser = z.output<typeof staticCardResponse>;
export type CategoryFirstPage = z.output<typeof categoryFirstPageResponse>;
export type Page<T> = z.output<ReturnType<typeof pageResponse<z.ZodType<T>>>>;
export type UpdateView = z.output<typeof updateResponse>;
export type DeleteView = z.output<typeof deleteResponse>;
