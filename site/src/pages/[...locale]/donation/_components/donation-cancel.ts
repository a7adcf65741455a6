/**
 * The cancel page: records the cancellation by asking the API how the payment stands
 * (PayPal names its order `token`), and leads "Try again" back to the donate form.
 */
import { confirmPayment, paymentRefFrom, recallDonation } from '../../../../lib/donation';
import { pageLang } from './page';

const root = document.querySelector<HTMLElement>('[data-donation-cancel]');
const ref = paymentRefFrom(location.search);
if (root && ref) {
  const gift = recallDonation(ref);
  const tryAgain = root.querySelector<HTMLAnchorElement>('[data-try-again] a');
  if (gift && tryAgain) tryAgain.href = `${root.dataset.donate}${gift.fundraiserId}`;
  confirmPayment(ref, pageLang())
    .then((result) => {
      // Paid after all (a second tab, say): "nothing was charged" would be wrong here.
      if (result.status === 'SUCCEEDED') location.replace(`${root.dataset.success}${location.search}`);
    })
    // Unrecorded, the donation simply expires as an abandoned one; nothing to tell the donor.
    .catch((error: unknown) => console.error(error));
}
