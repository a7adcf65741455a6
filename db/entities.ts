import { ChangeVersionSchema } from '../kernel/changes/index.ts';
import { accountEntities } from '../modules/accounts/index.ts';
import { adminEntities } from '../modules/admin/index.ts';
import { catalogueEntities } from '../modules/catalogue/index.ts';
import { commentEntities } from '../modules/comments/index.ts';
import { contactEntities } from '../modules/contact/index.ts';
import { donationEntities } from '../modules/donations/index.ts';
import { flagEntities } from '../modules/flags/index.ts';
import { fundraiserEntities } from '../modules/fundraisers/index.ts';
import { jobEntities } from '../modules/jobs/index.ts';
import { mailEntities } from '../modules/mail/index.ts';
import { mediaEntities } from '../modules/media/index.ts';
import { paymentEntities } from '../modules/payments/index.ts';
import { payoutEntities } from '../modules/payouts/index.ts';
import { rateLimitEntities } from '../modules/rate-limits/index.ts';
import { receiptEntities } from '../modules/receipts/index.ts';
import { reportEntities } from '../modules/reports/index.ts';
import { sessionEntities } from '../modules/sessions/index.ts';
import { siteBuildEntities } from '../modules/site-builds/index.ts';
import { teamEntities } from '../modules/teams/index.ts';
import { testimonialEntities } from '../modules/testimonials/index.ts';

/** Every entity, registered explicitly: discovery by folder scanning breaks silently when a file moves. */
export const entities = [
  ChangeVersionSchema,
  ...accountEntities,
  ...adminEntities,
  ...catalogueEntities,
  ...commentEntities,
  ...contactEntities,
  ...donationEntities,
  ...flagEntities,
  ...fundraiserEntities,
  ...jobEntities,
  ...mailEntities,
  ...mediaEntities,
  ...paymentEntities,
  ...payoutEntities,
  ...rateLimitEntities,
  ...receiptEntities,
  ...reportEntities,
  ...sessionEntities,
  ...siteBuildEntities,
  ...teamEntities,
  ...testimonialEntities,
];
