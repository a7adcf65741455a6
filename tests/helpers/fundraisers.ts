import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { UserSchema, type User } from '../../modules/accounts/index.ts';
import { CategorySchema, LocationSchema } from '../../modules/catalogue/index.ts';
import { FundraiserSchema, type Fundraiser, type FundraiserStatus } from '../../modules/fundraisers/index.ts';
import type { Currency } from '../../modules/money/index.ts';

export interface FakeFundraiserOverrides {
  title?: string;
  description?: string;
  categorySlug?: string;
  city?: string;
  currency?: Currency;
  goalMinor?: number;
  raisedMinor?: number;
  donationCount?: number;
  status?: FundraiserStatus;
  createdAt?: Date;
}

/**
 * A valid fundraiser written straight to the database (no rate limit, any status or totals),
 * with a random unique title; override anything. Reference data must be seeded (startTestApp does).
 */
export async function fakeFundraiser(orm: MikroORM, owner: User, overrides: FakeFundraiserOverrides = {}): Promise<Fundraiser> {
  const em = orm.em.fork();
  const category = await em.findOneOrFail(CategorySchema, { slug: overrides.categorySlug ?? 'medical' });
  const location = await em.findOneOrFail(LocationSchema, { city: overrides.city ?? 'Addis Ababa' });
  const f = em.create(FundraiserSchema, {
    title: overrides.title ?? `Help for family ${randomUUID().slice(0, 8)}`,
    description: overrides.description ?? 'A family in need asks for support with hospital costs.',
    beneficiaryName: null,
    owner: em.getReference(UserSchema, owner.id),
    category,
    location,
    currency: overrides.currency ?? 'USD',
    goalMinor: overrides.goalMinor ?? 500_000,
    raisedMinor: overrides.raisedMinor ?? 0,
    donationCount: overrides.donationCount ?? 0,
    status: overrides.status ?? 'ACTIVE',
    ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
  });
  await em.flush();
  return f;
}
