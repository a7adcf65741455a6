/**
 * The test checkout's three buttons: each tells the API how the test payment ends, then
 * sends the donor where a real provider would, the success or the cancel page, which ask
 * the API how the payment stands as they would after a real one. Standing in for Chapa, the
 * page also asks how the donor pays there, which a paid one records as Chapa would.
 */
import { apiFetch } from '../../../../lib/api';
import { isChapaSandbox, recallDonation } from '../../../../lib/donation';
import { fill } from '../../../../lib/format';
import { formatAmount } from '../../../../lib/fundraiser';
import { pageLang, showProblem } from './page';

const root = document.querySelector<HTMLElement>('[data-sandbox]');
if (root) setUp(root);

function setUp(root: HTMLElement): void {
  const part = (name: string) => root.querySelector<HTMLElement>(`[data-${name}]`);
  const choices = part('choices');
  const problem = part('problem');
  const ref = new URLSearchParams(location.search).get('payment');
  if (!ref || !choices || !problem) {
    const missing = part('missing');
    if (missing) missing.hidden = false;
    return;
  }
  const lang = pageLang();
  const gift = recallDonation(ref);
  const amount = part('amount');
  if (gift && amount) {
    amount.textContent = fill(amount.dataset.template ?? '', { amount: formatAmount(lang, gift.amount, gift.currency) });
    amount.hidden = false;
  }
  const channels = isChapaSandbox(ref) ? part('channels') : null;
  if (channels) {
    for (const text of root.querySelectorAll<HTMLElement>('[data-chapa-text]')) text.textContent = text.dataset.chapaText ?? '';
    channels.hidden = false;
  }
  choices.hidden = false;
  const buttons = [...choices.querySelectorAll<HTMLButtonElement>('button[data-outcome]')];
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      const outcome = button.dataset.outcome;
      const channel = outcome === 'succeeded' ? channels?.querySelector<HTMLInputElement>('input[name="channel"]:checked')?.value : undefined;
      for (const b of buttons) b.disabled = true;
      button.setAttribute('aria-busy', 'true');
      problem.replaceChildren();
      try {
        await apiFetch(`/api/sandbox/payments/${encodeURIComponent(ref)}/complete`, { method: 'POST', body: { outcome, channel }, lang });
        const next = outcome === 'cancelled' ? root.dataset.cancel : root.dataset.success;
        location.assign(`${next}?payment_intent=${encodeURIComponent(ref)}`);
      } catch (error) {
        showProblem(problem, error, root);
        for (const b of buttons) b.disabled = false;
        button.removeAttribute('aria-busy');
      }
    });
  }
}
