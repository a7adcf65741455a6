import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { Lang } from '../../i18n';
import { fill } from '../../lib/format';
import { FormAlert, secondaryButtonClass, SubmitButton } from '../forms';
import type { DonateMessages } from './donate-messages';

/** The little of Stripe.js used here (https://docs.stripe.com/js). */
type PaymentElement = { mount(element: HTMLElement): void; destroy(): void; on(event: 'ready' | 'loaderror', handler: () => void): void };
type Elements = { create(type: 'payment'): PaymentElement };
type StripeClient = {
  elements(options: { clientSecret: string; locale: string; appearance: { theme: 'stripe' | 'night' } }): Elements;
  confirmPayment(options: { elements: Elements; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
};
type StripeFactory = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: Promise<StripeFactory> | null = null;

/** Stripe.js, from Stripe itself as its terms require; the CSP allows js.stripe.com. */
function loadStripe(): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3';
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without Stripe')));
    script.onerror = () => {
      // A later try (after "Change the donation") may load it once the connection is back.
      loading = null;
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

type Props = {
  lang: Lang;
  publishableKey: string;
  clientSecret: string;
  /** Formatted in the page's language. */
  amount: string;
  returnUrl: string;
  messages: DonateMessages;
  onBack: () => void;
};

/** Stripe's Payment Element for a started card payment; Stripe sends the donor on to `returnUrl`. */
export default function CardPayment({ lang, publishableKey, clientSecret, amount, returnUrl, messages: m, onBack }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeClient; elements: Elements } | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    let element: PaymentElement | undefined;
    let gone = false;
    loadStripe()
      .then((Stripe) => {
        if (gone || !mountRef.current) return;
        const stripe = Stripe(publishableKey);
        const dark = document.documentElement.classList.contains('dark');
        // Stripe has no Amharic: 'auto' gives the browser's language where Stripe has it.
        const elements = stripe.elements({ clientSecret, locale: lang === 'en' ? 'en' : 'auto', appearance: { theme: dark ? 'night' : 'stripe' } });
        element = elements.create('payment');
        element.on('ready', () => setReady(true));
        element.on('loaderror', () => setProblem(m.cardLoadFailed));
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
      })
      .catch(() => !gone && setProblem(m.cardLoadFailed));
    return () => {
      gone = true;
      element?.destroy();
    };
  }, [publishableKey, clientSecret, lang, m.cardLoadFailed]);

  async function pay(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const client = stripeRef.current;
    if (!client) return;
    setBusy(true);
    setProblem('');
    const { error } = await client.stripe.confirmPayment({ elements: client.elements, confirmParams: { return_url: returnUrl } });
    // Reached only when the payment did not go ahead: otherwise Stripe has left for returnUrl.
    setProblem(error?.message || m.unexpected);
    setBusy(false);
  }

  return (
    <form onSubmit={pay} className="space-y-5 rounded-xl border border-line bg-surface p-5 sm:p-6" aria-labelledby="card-title">
      <h2 id="card-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {m.cardTitle}
      </h2>
      <p className="text-muted">{m.cardSecure}</p>
      <FormAlert message={problem} />
      {!ready && !problem && (
        <p role="status" className="text-muted">
          {m.cardLoading}
        </p>
      )}
      <div ref={mountRef} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} disabled={!ready} label={fill(m.cardPay, { amount })} busyLabel={m.cardPaying} />
        <button type="button" className={secondaryButtonClass} onClick={onBack} disabled={busy}>
          {m.cardBack}
        </button>
      </div>
    </form>
  );
}
