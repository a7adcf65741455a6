import { Fragment, lazy, Suspense, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Lang } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { readAmount, ungroupAmount } from '../../lib/amount';
import { captchaQuery, getCaptchaToken } from '../../lib/captcha';
import { referralCode, sharedChannel } from '../../lib/referral';
import { chapaChannels, looksLikeEthiopianMobile, rememberDonation, type Donation, type PaymentMethod, type PaymentStart } from '../../lib/donation';
import { looksLikeEmail } from '../../lib/format';
import { formatAmount, type Fundraiser } from '../../lib/fundraiser';
import { FieldError, focusFirstError, FormAlert, inputClass, SubmitButton, TextField, useFieldErrors, type FieldCheck, type FieldErrors } from '../forms';
import { Spinner } from '../Spinner';
import type { DonateMessages } from './donate-messages';

// Only donors who pay by card with real Stripe keys download this, and Stripe's script with it.
const CardPayment = lazy(() => import('./CardPayment'));

export type { DonateMessages } from './donate-messages';

/** The API's limits (modules/donations/donation.schemas.ts, the phone number's in modules/payments/payment.schemas.ts), mirrored so that the browser stops typing there. */
export const donationLimits = { message: 1000, donorName: 100, donorEmail: 254, phoneNumber: 20 } as const;

type Field = 'amount' | 'donorName' | 'donorEmail' | 'message' | 'phoneNumber' | 'fundraiserId' | 'currency';
/** Form order; the last two are not fields here, but the API may still name them. */
const fields: readonly Field[] = ['amount', 'donorName', 'donorEmail', 'message', 'phoneNumber', 'fundraiserId', 'currency'];

type Props = {
  lang: Lang;
  fundraiser: Pick<Fundraiser, 'id' | 'title' | 'currency'>;
  /** Preset amounts as decimal strings, with their labels in the page's language ('$25', 'ብር 500'). */
  presets: { value: string; label: string }[];
  /** The currency's symbol or code, shown before the amount field. */
  symbol: string;
  messages: DonateMessages;
  /** Where Stripe sends the donor back to (this language's /donation/success). */
  successPath: string;
  /** The ways to pay on offer for this fundraiser (live rails, in its currency); never empty. */
  methods: PaymentMethod[];
  /** This page: posted here as a plain form before the script runs, the server does what the script would. */
  action: string;
  /** What went wrong when the plain form was posted (the page's ?problem=…), in words. */
  initialProblem?: string;
  initialErrors?: FieldErrors<Field>;
};

type Card = { publishableKey: string; clientSecret: string; amount: string };

/**
 * The API words what is wrong (its messages name the limits); here a field only loses its
 * error once it would pass the same first checks, and anything else the API judges again.
 */
const recheck: FieldCheck<Field> = (field, values, shown) => {
  const value = String(values.get(field) ?? '');
  if (field === 'amount') return readAmount(value) ? undefined : shown;
  if (field === 'donorEmail') return looksLikeEmail(value) ? undefined : shown;
  // Sent with Chapa only: with another way to pay chosen, the number no longer matters.
  if (field === 'phoneNumber') return values.get('paymentMethod') !== 'CHAPA' || looksLikeEthiopianMobile(value) ? undefined : shown;
  return undefined;
};

export default function DonateForm({ lang, fundraiser, presets, symbol, messages: m, successPath, methods, action, initialProblem = '', initialErrors = {} }: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const [anonymous, setAnonymous] = useState(false);
  // Before the script runs, the Chapa details show whenever Chapa is offered; from then on, while it is chosen.
  const [method, setMethod] = useState<PaymentMethod>(methods[0]!);
  // Read once the page runs: the page is the same for everybody, the code is this visitor's.
  const [referral, setReferral] = useState<string | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const fieldErrors = useFieldErrors<Field>(recheck, initialErrors);
  const { errors, setErrors } = fieldErrors;
  // "Correct the following" is shown while fields to correct are left, not kept as a problem of its own.
  const [problem, setProblem] = useState(initialProblem === m.fixFields ? '' : initialProblem);
  const [busy, setBusy] = useState(false);
  const [card, setCard] = useState<Card | null>(null);
  // A donation made on an earlier try whose payment did not start: sending the same
  // details again pays that one rather than leaving it behind unpaid.
  const created = useRef<{ key: string; donation: Donation } | null>(null);

  // The fields are uncontrolled: on a slow connection the donor may type and choose before
  // this script has run, and a controlled field would lose that when React takes over.
  useEffect(() => {
    const form = formRef.current;
    const preset = form?.querySelector<HTMLInputElement>('input[name="preset"]:checked');
    if (preset && amountRef.current && !amountRef.current.value) amountRef.current.value = preset.value;
    setAnonymous(form?.querySelector<HTMLInputElement>('input[name="anonymous"]')?.checked ?? false);
    const chosen = methods.find((option) => option === form?.querySelector<HTMLInputElement>('input[name="paymentMethod"]:checked')?.value);
    if (chosen) setMethod(chosen);
    setReferral(referralCode(fundraiser.id));
    setChannel(sharedChannel(fundraiser.id));
    // Back from the plain form with fields to correct: the first one takes focus, as after a check here.
    focusFirstError(form, fields, initialErrors);
    // Back from the checkout or PayPal, the page may come out of the browser's memory as it
    // was left; the donation that went there may have ended there, so a new try starts anew.
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      created.current = null;
      setBusy(false);
    };
    addEventListener('pageshow', restored);
    return () => removeEventListener('pageshow', restored);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form first shows: the errors the server sent with the page
  }, []);

  const fieldId = (field: Field) => `${id}-${field}`;
  const labels: Partial<Record<Field, string>> = { amount: m.amountLabel, donorName: m.name, donorEmail: m.email, message: m.message, phoneNumber: m.phone };
  const optionTexts: Record<PaymentMethod, { name: string; hint: string }> = {
    STRIPE: { name: m.card, hint: m.cardHint },
    PAYPAL: { name: m.paypal, hint: m.paypalHint },
    CHAPA: { name: m.chapa, hint: m.chapaHint },
  };

  function fail(error: unknown) {
    const found = fieldErrorsOf(error, fields);
    setErrors(found);
    setProblem(Object.keys(found).length ? '' : errorText(error, m));
    focusFirstError(formRef.current, fields, found);
    setBusy(false);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const method = methods.find((option) => option === data.get('paymentMethod')) ?? methods[0]!;
    // Only prefills Chapa's page; an empty field sends nothing rather than a number to check.
    const phoneNumber = method === 'CHAPA' ? String(data.get('phoneNumber') ?? '').trim() : '';
    const body = {
      fundraiserId: fundraiser.id,
      // "1,000" and "1 000" go as 1000; what cannot be read goes as typed, for the API to say why.
      amount: ungroupAmount(String(data.get('amount') ?? '')),
      message: String(data.get('message') ?? ''),
      showAmount: data.has('showAmount'),
      donorName: anonymous ? '' : String(data.get('donorName') ?? ''),
      donorEmail: String(data.get('donorEmail') ?? ''),
      currency: fundraiser.currency,
      mayContact: data.has('mayContact'),
      ...(referral ? { ref: referral } : {}),
      ...(channel ? { channel } : {}),
    };
    const key = JSON.stringify(body);
    setErrors({});
    setProblem('');
    setBusy(true);
    try {
      let donation = created.current?.key === key ? created.current.donation : null;
      if (!donation) {
        const token = await getCaptchaToken('donate');
        donation = await apiFetch<Donation>(`/api/donations?${captchaQuery(token)}`, { method: 'POST', body, lang });
        created.current = { key, donation };
      }
      const token = await getCaptchaToken('pay');
      const payment = await apiFetch<PaymentStart>(`/api/payments?${captchaQuery(token)}`, {
        method: 'POST',
        body: { donationId: donation.id, paymentMethod: method, ...(phoneNumber ? { phoneNumber } : {}) },
        lang,
      });
      rememberDonation(payment.paymentIntentId, { fundraiserId: fundraiser.id, title: fundraiser.title, amount: donation.amount, currency: donation.currency });
      // The page stays busy while the browser leaves for the checkout: the sandbox's, a path on
      // this site kept in the page's language, or the provider's own page (PayPal's, Chapa's).
      const sandboxCheckout = payment.sandbox && payment.checkoutUrl?.startsWith('/') ? (lang === 'en' ? payment.checkoutUrl : `/${lang}${payment.checkoutUrl}`) : null;
      const away = sandboxCheckout ?? payment.approvalUrl ?? payment.checkoutUrl;
      if (away) location.assign(away);
      else if (payment.clientSecret && payment.publishableKey) {
        setCard({ publishableKey: payment.publishableKey, clientSecret: payment.clientSecret, amount: formatAmount(lang, donation.amount, donation.currency) });
        setBusy(false);
      } else throw new Error('payment start answer without a way to pay');
    } catch (error) {
      fail(error);
    }
  }

  const fieldProblems = fields.filter((field) => errors[field]);
  return (
    <>
      {card && (
        <Suspense fallback={<Spinner label={m.cardLoading} />}>
          <CardPayment
            {...card}
            lang={lang}
            returnUrl={new URL(successPath, location.origin).href}
            messages={m}
            onBack={() => {
              setCard(null);
              // The button that had focus is gone; the form is back as the donor left it.
              requestAnimationFrame(() => amountRef.current?.focus());
            }}
          />
        </Suspense>
      )}
      {/* Hidden rather than unmounted while paying by card, so that going back keeps what was typed. */}
      <form
        ref={formRef}
        method="post"
        action={action}
        noValidate
        onSubmit={submit}
        onChange={fieldErrors.onChange}
        hidden={card !== null}
        className="space-y-6 rounded-xl border border-line bg-surface p-5 sm:p-6"
        data-testid="donate-form"
      >
        {referral && <input type="hidden" name="ref" value={referral} />}
        {channel && <input type="hidden" name="s" value={channel} />}
        <FormAlert message={problem || (fieldProblems.length > 0 ? m.fixFields : '')}>
          {fieldProblems.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 ps-5">
              {fieldProblems.map((field) => (
                <li key={field}>
                  {labels[field] ? (
                    <a
                      href={`#${fieldId(field)}`}
                      className="underline"
                      onClick={(event) => {
                        event.preventDefault();
                        document.getElementById(fieldId(field))?.focus();
                      }}
                    >
                      {labels[field]}: {errors[field]}
                    </a>
                  ) : (
                    errors[field]
                  )}
                </li>
              ))}
            </ul>
          )}
        </FormAlert>

        <fieldset>
          <legend className="font-semibold">{m.presets}</legend>
          <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
            {presets.map((preset) => (
              <label
                key={preset.value}
                className="relative rounded-lg border-2 border-line px-2 py-2.5 text-center font-semibold hover:border-brand has-checked:border-brand has-checked:bg-brand has-checked:text-on-brand has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus"
              >
                {/* Invisible but covering the whole button, so that a tap or click lands on the radio itself. */}
                <input
                  type="radio"
                  name="preset"
                  value={preset.value}
                  onChange={() => {
                    if (!amountRef.current) return;
                    amountRef.current.value = preset.value;
                    fieldErrors.recheck('amount', formRef.current);
                  }}
                  className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                />
                {preset.label}
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor={fieldId('amount')} className="font-semibold">
            {m.amountLabel}
          </label>
          <div className="mt-1 flex">
            <span className="flex items-center rounded-s-lg border border-e-0 border-line bg-sunken px-3 font-semibold" aria-hidden="true">
              {symbol}
            </span>
            <input
              id={fieldId('amount')}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              ref={amountRef}
              onChange={(event) => {
                // A typed amount that is not a preset unselects the presets.
                const typed = ungroupAmount(event.target.value);
                for (const radio of event.target.form?.querySelectorAll<HTMLInputElement>('input[name="preset"]') ?? []) radio.checked = radio.value === typed;
              }}
              className="block w-full min-w-0 rounded-e-lg border border-line bg-surface px-3 py-2.5 text-lg font-semibold text-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger"
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={[`${fieldId('amount')}-hint`, errors.amount && `${fieldId('amount')}-error`].filter(Boolean).join(' ')}
            />
          </div>
          <p id={`${fieldId('amount')}-hint`} className="mt-1 text-sm text-muted">
            {m.amountHint}
          </p>
          <FieldError id={`${fieldId('amount')}-error`} message={errors.amount} />
        </div>

        <div>
          <label htmlFor={fieldId('message')} className="font-semibold">
            {m.message}
          </label>
          <textarea
            id={fieldId('message')}
            name="message"
            rows={3}
            maxLength={donationLimits.message}
            className={inputClass}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={[`${fieldId('message')}-hint`, errors.message && `${fieldId('message')}-error`].filter(Boolean).join(' ')}
          />
          <p id={`${fieldId('message')}-hint`} className="mt-1 text-sm text-muted">
            {m.messageHint}
          </p>
          <FieldError id={`${fieldId('message')}-error`} message={errors.message} />
        </div>

        <div>
          <TextField
            id={fieldId('donorName')}
            name="donorName"
            label={m.name}
            hint={anonymous ? m.nameHiddenHint : m.nameHint}
            autoComplete="name"
            maxLength={donationLimits.donorName}
            disabled={anonymous}
            error={errors.donorName}
          />
          <div className="mt-3 flex items-center gap-3">
            <input
              id={`${id}-anonymous`}
              name="anonymous"
              type="checkbox"
              onChange={(event) => {
                setAnonymous(event.target.checked);
                // The name is not sent any more, so whatever was wrong with it no longer matters.
                if (event.target.checked) fieldErrors.recheck('donorName', formRef.current);
              }}
              className="size-5 shrink-0 cursor-pointer accent-brand"
            />
            <label htmlFor={`${id}-anonymous`} className="cursor-pointer">
              {m.anonymous}
            </label>
          </div>
          <div className="mt-3 flex items-center gap-3">
            <input id={`${id}-showAmount`} name="showAmount" type="checkbox" className="size-5 shrink-0 cursor-pointer accent-brand" />
            <label htmlFor={`${id}-showAmount`} className="cursor-pointer">
              {m.showAmount}
            </label>
          </div>
          <div className="mt-3 flex items-center gap-3">
            <input id={`${id}-mayContact`} name="mayContact" type="checkbox" className="size-5 shrink-0 cursor-pointer accent-brand" />
            <label htmlFor={`${id}-mayContact`} className="cursor-pointer">
              {m.mayContact}
            </label>
          </div>
        </div>

        <TextField
          id={fieldId('donorEmail')}
          name="donorEmail"
          type="email"
          label={m.email}
          hint={m.emailHint}
          autoComplete="email"
          inputMode="email"
          maxLength={donationLimits.donorEmail}
          required
          error={errors.donorEmail}
        />

        <fieldset>
          <legend className="font-semibold">{m.method}</legend>
          {/* With Chapa, one below the other: its details open right under it, as on a phone. */}
          <div className={`mt-2 grid gap-2 ${methods.includes('CHAPA') ? '' : 'sm:grid-cols-2'}`}>
            {methods.map((option) => (
              <Fragment key={option}>
                <label className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-line p-3 hover:border-brand has-checked:border-brand">
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={option}
                    defaultChecked={option === methods[0]}
                    onChange={() => {
                      setMethod(option);
                      fieldErrors.recheck('phoneNumber', formRef.current);
                    }}
                    className="mt-1 size-5 shrink-0 cursor-pointer accent-brand"
                  />
                  <span className="min-w-0">
                    {option === 'CHAPA' ? (
                      <>
                        <span className="sr-only">{optionTexts.CHAPA.name}</span>
                        {/* The names as donors know them from their phones; the sentence above says them to a screen reader. */}
                        <span aria-hidden="true" className="flex flex-wrap gap-1.5">
                          {chapaChannels.map((channel) => (
                            <span key={channel} className="rounded-md border border-line bg-sunken px-2 py-0.5 text-sm font-bold">
                              {m[`channel.${channel}`]}
                            </span>
                          ))}
                        </span>
                      </>
                    ) : (
                      <span className="block font-semibold">{optionTexts[option].name}</span>
                    )}
                    <span className={`block text-sm text-muted ${option === 'CHAPA' ? 'mt-1.5' : ''}`}>{optionTexts[option].hint}</span>
                  </span>
                </label>
                {option === 'CHAPA' && (
                  <div className="space-y-4 rounded-lg border border-line bg-sunken p-4" hidden={method !== 'CHAPA'}>
                    <TextField
                      id={fieldId('phoneNumber')}
                      name="phoneNumber"
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel-national"
                      label={m.phone}
                      hint={m.phoneHint}
                      maxLength={donationLimits.phoneNumber}
                      error={errors.phoneNumber}
                    />
                    <div>
                      <p id={`${id}-limits`} className="text-sm font-semibold">
                        {m.limitsTitle}
                      </p>
                      <ul aria-labelledby={`${id}-limits`} className="mt-1 list-disc space-y-0.5 ps-5 text-sm text-muted">
                        <li>{m.limitTelebirr}</li>
                        <li>{m.limitMpesa}</li>
                        <li>{m.limitCard}</li>
                        <li>{m.limitBank}</li>
                      </ul>
                    </div>
                  </div>
                )}
              </Fragment>
            ))}
          </div>
          {fundraiser.currency === 'ETB' && <p className="mt-2 text-sm text-muted">{m.paypalNoBirr}</p>}
        </fieldset>

        <SubmitButton busy={busy} label={m.submit} busyLabel={m.submitting} className="w-full text-lg" />
        <p className="text-sm text-muted">{m.noFee}</p>
      </form>
    </>
  );
}
