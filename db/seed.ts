import type { EntityManager } from '@mikro-orm/core';
import { ensureAdmin, ensureVerifiedUser, hasUsers, type User } from '../modules/accounts/index.ts';
import { seedReferenceData } from '../modules/catalogue/index.ts';
import { demoSupporters, seedDemoComments } from '../modules/comments/index.ts';
import { seedDemoDonations, succeededGifts } from '../modules/donations/index.ts';
import { authoriseFundraiserMedia, seedDemoFundraisers } from '../modules/fundraisers/index.ts';
import { createMediaService, mediaStorage, type MediaStorage } from '../modules/media/index.ts';
import { seedDemoTraffic } from '../modules/reports/index.ts';
import { seedDemoTeams } from '../modules/teams/index.ts';
import { addTestimonial, demoTestimonials, listPublishedTestimonials } from '../modules/testimonials/index.ts';

export async function seedReference(em: EntityManager) {
  return seedReferenceData(em);
}

export interface DemoSeed {
  /** The demo admin's credentials: the password is generated, so it is shown once, on the first start. */
  admin: { email: string; password: string };
  fundraisers: number;
  donations: number;
  comments: number;
  teams: number;
}

export const demoAdminEmail = 'admin@example.com';

/**
 * Demo content only goes into an empty database, so it never mixes with real data. The
 * demo fundraisers' pictures are made now and put in the storage the app serves from (a
 * folder alone stands for the local one); their donations are spread over the weeks before
 * now, so that a fresh install looks in use.
 */
export async function seedDemoIfEmpty(em: EntityManager, options: { storage: MediaStorage } | { mediaDir: string }): Promise<DemoSeed | null> {
  if ((await listPublishedTestimonials(em)).length > 0 || (await hasUsers(em))) return null;
  // The demo fundraisers point at categories and cities; seeding those again is idempotent.
  await seedReferenceData(em);
  for (const testimonial of demoTestimonials) await addTestimonial(em, testimonial);
  // Never a fixed password: a demo database that ends up on a public host must not open with a known one.
  const admin = await ensureAdmin(em, { email: demoAdminEmail, firstName: 'Demo', lastName: 'Admin' });
  // Pictures are stored as each organiser's own uploads, under the same rules (and image cap) as theirs.
  const storage = 'storage' in options ? options.storage : mediaStorage({ store: 'local', dir: options.mediaDir });
  const fundraisers = await seedDemoFundraisers(em, createMediaService({ storage, authorisers: { FUNDRAISER: authoriseFundraiserMedia } }));
  const donations = await seedDemoDonations(em, fundraisers);
  await seedDemoTraffic(em, fundraisers.map((seeded) => seeded.fundraiser));
  const comments = await seedDemoComments(em, fundraisers.map((seeded) => seeded.fundraiser));
  const supporters: User[] = [];
  for (const supporter of demoSupporters) supporters.push(await ensureVerifiedUser(em, supporter));
  const teams = await seedDemoTeams(em, fundraisers.map((seeded) => seeded.fundraiser), supporters, (fundraiserId) => succeededGifts(em, fundraiserId));
  return { admin: { email: admin.user.email, password: admin.password! }, fundraisers: fundraisers.length, donations, comments, teams };
}
