import { createMessages } from '../kernel/http/index.ts';
import { accountMessages } from '../modules/accounts/index.ts';
import { adminMessages } from '../modules/admin/index.ts';
import { captchaMessages } from '../modules/captcha/index.ts';
import { catalogueMessages } from '../modules/catalogue/index.ts';
import { commentMessages } from '../modules/comments/index.ts';
import { donationMessages } from '../modules/donations/index.ts';
import { flagMessages } from '../modules/flags/index.ts';
import { fundraiserMessages } from '../modules/fundraisers/index.ts';
import { mediaMessages } from '../modules/media/index.ts';
import { moneyMessages } from '../modules/money/index.ts';
import { paymentMessages } from '../modules/payments/index.ts';
import { payoutMessages } from '../modules/payouts/index.ts';
import { receiptMessages } from '../modules/receipts/index.ts';
import { reportMessages } from '../modules/reports/index.ts';
import { teamMessages } from '../modules/teams/index.ts';

/**
 * Every text the server answers with: the kernel's and each module's catalogue, put together
 * here and nowhere else. Built when this file loads, so a code two catalogues hold stops the
 * start (and every test that starts the app).
 */
export const serverMessages = createMessages([
  accountMessages,
  adminMessages,
  captchaMessages,
  catalogueMessages,
  commentMessages,
  donationMessages,
  flagMessages,
  fundraiserMessages,
  mediaMessages,
  moneyMessages,
  paymentMessages,
  payoutMessages,
  receiptMessages,
  reportMessages,
  teamMessages,
]);
