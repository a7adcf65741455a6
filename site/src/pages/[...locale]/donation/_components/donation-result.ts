/**
 * The success page: confirms the payment named in the address (payment_intent from Stripe
 * and the sandbox, token from PayPal) and shows the section for its status. The gift's
 * amount and fundraiser come from the donate form, kept in this tab (lib/donation.ts).
 */
import type { GenerateReceiptView } from '../../../../../../modules/receipts/receipt.schemas.ts';
import { ApiError, apiFetch } from '../../../../lib/api';
import { captchaQuery, getCaptchaToken } from '../../../../lib/captcha';
import { confirmPayment, paymentRefFrom, recallDonation, type DonationContext, type DonationStatus, type PaymentResult } from '../../../../lib/donation';
import { fill } from '../../../../lib/format';
import { formatAmount } from '../../../../lib/fundraiser';
import { setUpCopyLinks } from '../../../../components/fundraiser/share';
import { pageLang, showProblem } from './page';

const sections: Record<DonationStatus, string> = {
  SUCCEEDED: 'succeeded',
  PENDING: 'pending',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  EXPIRED: 'cancelled',
  REFUNDED: 'refunded',
};

const root = document.querySelector<HTMLElement>('[data-donation-result]');
if (root) setUp(root);

function setUp(root: HTMLElement): void {
  const lang = pageLang();
  const ref = paymentRefFrom(location.search);
  const gift = ref ? recallDonation(ref) : null;
  const part = (selector: string) => root.querySelector<HTMLElement>(selector);
  let result: PaymentResult | null = null;

  function show(state: string, focus = true): void {
    for (const section of root.querySelectorAll<HTMLElement>('[data-state]')) section.hidden = section.dataset.state !== state;
    // Its heading says how things stand; focus takes screen readers there.
    if (focus) part(`[data-state="${state}"] h1`)?.focus();
  }

  async function check(first = false): Promise<void> {
    if (!ref) return show('missing', false);
    // On arrival the page already opens with "Confirming…"; after "Check again" the button that had focus is gone.
    show('checking', !first);
    try {
      result = await confirmPayment(ref, lang);
      show(sections[result.status]);
      if (result.status === 'SUCCEEDED' && gift) showGift(gift);
      if (result.status === 'SUCCEEDED' && result.channel) showChannel(result.channel);
    } catch (error) {
      const problem = part('[data-state="error"] [data-problem]');
      if (problem) showProblem(problem, error, root);
      show('error');
    }
  }

  function showGift(gift: DonationContext): void {
    const text = part('[data-gift]');
    if (text) {
      text.textContent = fill(text.dataset.template ?? '', { amount: formatAmount(lang, gift.amount, gift.currency), title: gift.title });
      text.hidden = false;
    }
    const fundraiserPath = `${root.dataset.fundraiser}${gift.fundraiserId}`;
    const link = part('[data-fundraiser-link]');
    if (link instanceof HTMLAnchorElement) {
      link.href = fundraiserPath;
      link.hidden = false;
    }
    void loadShareButtons(`${fundraiserPath}/share`);
  }

  /** How the donor paid within Chapa: telebirr, M-Pesa… in the page's words, a bank as Chapa names it. */
  function showChannel(channel: string): void {
    const text = part('[data-paid-with]');
    if (!text) return;
    const names = new Map(Object.entries(JSON.parse(root.dataset.channels ?? '{}') as Record<string, string>));
    text.textContent = fill(text.dataset.template ?? '', { channel: names.get(channel) ?? channel });
    text.hidden = false;
  }

  /** The fundraiser page's own share buttons, rendered for this fundraiser by the server. */
  async function loadShareButtons(url: string): Promise<void> {
    const share = part('[data-share]');
    if (!share || share.querySelector('section')) return;
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`share buttons: ${response.status}`);
      const template = document.createElement('template');
      template.innerHTML = await response.text();
      const buttons = template.content.querySelector('section');
      if (!buttons) throw new Error('share buttons: no section in the answer');
      share.append(buttons);
      share.hidden = false;
      setUpCopyLinks();
    } catch (error) {
      // The link back to the fundraiser is there to share from.
      console.error(error);
    }
  }

  async function downloadReceipt(button: HTMLButtonElement): Promise<void> {
    const missing = root.dataset.receiptMissing ?? '';
    const failed = root.dataset.receiptFailed ?? '';
    if (!result?.transactionId) return alert(missing);
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    try {
      let receiptId: string | undefined;
      try {
        const token = await getCaptchaToken('receipt');
        const body = { transactionId: result.transactionId, paymentMethod: result.paymentMethod };
        receiptId = (await apiFetch<GenerateReceiptView>(`/api/receipts/generate?${captchaQuery(token)}`, { method: 'POST', body, lang })).receiptId;
      } catch (error) {
        // 404: the server has no receipt for this payment (yet).
        if (error instanceof ApiError && error.status === 404) receiptId = undefined;
        else throw error;
      }
      if (!receiptId) return alert(missing);
      const response = await fetch(`/api/receipts/pdf/${encodeURIComponent(receiptId)}`, { headers: { Accept: 'application/pdf', 'Accept-Language': lang }, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`receipt ${receiptId}: ${response.status}`);
      save(await response.blob(), `Receipt-${receiptId}.pdf`);
    } catch (error) {
      console.error(error);
      alert(failed);
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  }

  if (gift) {
    for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-try-again]')) link.href = `${root.dataset.donate}${gift.fundraiserId}`;
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-check-again]')) button.addEventListener('click', () => void check());
  const receipt = part('[data-receipt]');
  if (receipt instanceof HTMLButtonElement) receipt.addEventListener('click', () => void downloadReceipt(receipt));
  void check(true);
}

/** Saves the PDF under its receipt's name, as a download from a link would. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, not now: some browsers start reading the file only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
