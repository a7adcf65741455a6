import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A transaction as the fake keeps it, in the words Chapa's verify answers with. */
export interface FakeTransaction {
  tx_ref: string;
  amount: string;
  currency: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  return_url: string | null;
  callback_url: string | null;
  customization: Record<string, unknown>;
  meta: Record<string, unknown>;
  status: 'pending' | 'success' | 'failed' | 'cancelled' | 'refunded' | 'reversed';
  /** telebirr, cbebirr, mpesa, … once the donor chose on the checkout page. */
  method: string | null;
  /** Chapa's own reference of the money movement, once paid. */
  reference: string | null;
  /** Birr given back so far, in cents. */
  refundedMinor: number;
  created_at: string;
}

export interface FakeChapaRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** A transfer out (a payout) as the fake keeps it. */
export interface FakeTransfer {
  reference: string;
  amount: string;
  currency: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  status: 'pending' | 'success' | 'failed' | 'reversed';
  chapa_reference: string;
}

/** Banks as Chapa's `GET /banks` lists them (a few, with their real account lengths). */
export const fakeBanks = [
  { id: 946, slug: 'cbe_bank', swift: 'CBETETAA', name: 'Commercial Bank of Ethiopia (CBE)', acct_length: 13, country_id: 1, is_mobilemoney: null, is_active: 1, is_rtgs: 1, active: 1, is_24hrs: null, currency: 'ETB' },
  { id: 656, slug: 'awash_bank', swift: 'AWINETAA', name: 'Awash Bank', acct_length: 14, country_id: 1, is_mobilemoney: null, is_active: 1, is_rtgs: 1, active: 1, is_24hrs: null, currency: 'ETB' },
  { id: 855, slug: 'telebirr', swift: 'TELEBIRR', name: 'telebirr', acct_length: 10, country_id: 1, is_mobilemoney: 1, is_active: 1, is_rtgs: null, active: 1, is_24hrs: 1, currency: 'ETB' },
];

export interface ChapaDelivery {
  body: string;
  headers: Record<string, string>;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Stands in for https://api.chapa.co/v1 on loopback, as its developer documentation describes
 * it: initialize a transaction (its tx_ref accepted once), verify one (404 "Payment not paid
 * yet" until the donor pays), refund one, each answering `{message, status, data}` and 401 to a
 * wrong key. Test controls play the donor on the hosted checkout page (pay with telebirr, fail,
 * cancel) and Chapa's back office (reverse a payment), and `webhook` signs an event as Chapa
 * does: `x-chapa-signature` the hex HMAC-SHA256 of the body keyed with the webhook secret, and
 * `chapa-signature` the secret signed with itself.
 */
export async function startFakeChapa(options: { secretKey: string; webhookSecret: string }) {
  const transactions = new Map<string, FakeTransaction>();
  const refundReferences = new Set<string>();
  /** Refunds made through the API, in order. */
  const refundsMade: { txRef: string; amountMinor: number; reference: string | null }[] = [];
  const requests: FakeChapaRequest[] = [];
  /** What verify answers instead of the truth, per tx_ref: Chapa's word disagreeing with a webhook. */
  const verifyOverrides = new Map<string, FakeTransaction['status']>();
  /** Calls to refuse with a 500 before answering again, per path prefix. */
  const outages = new Map<string, number>();
  /** Calls to leave unanswered (until the caller gives up or the fake closes), per path prefix. */
  const hangs = new Map<string, number>();
  /** What verify says was paid instead of the truth, per tx_ref, as it comes (an unreadable amount, say). */
  const amountOverrides = new Map<string, unknown>();
  const transfers = new Map<string, FakeTransfer>();
  /** Transfers to take but leave unanswered (the caller sees no answer; the transfer is made), per count. */
  let lostTransferAnswers = 0;
  /** What the next transfers are refused with, as Chapa words it (a wrong account, say). */
  let transferRefusal: string | null = null;
  /** How verify says "not paid yet": a 404, or (as Chapa has also done) a 200 without data. */
  let notPaidAnswer: 404 | 200 = 404;
  /** A checkout address to answer instead of Chapa's (a compromised or misconfigured gateway). */
  let checkoutOverride: string | null = null;

  function answer(res: ServerResponse, status: number, message: unknown, data: unknown = null) {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ message, status: status < 400 ? 'success' : 'failed', data }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://chapa.local');
    const path = url.pathname;
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    for (const [prefix, left] of outages) {
      if (left > 0 && path.startsWith(prefix)) {
        outages.set(prefix, left - 1);
        return answer(res, 500, 'Internal server error');
      }
    }
    for (const [prefix, left] of hangs) {
      if (left > 0 && path.startsWith(prefix)) {
        hangs.set(prefix, left - 1);
        return;
      }
    }
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) return answer(res, 401, "Invalid API Key or User doesn't exist");

    if (req.method === 'POST' && path === '/v1/transaction/initialize') {
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return answer(res, 400, 'Invalid JSON');
      }
      const txRef = String(input.tx_ref ?? '');
      const amount = String(input.amount ?? '');
      const currency = String(input.currency ?? '');
      const customization = (input.customization ?? {}) as Record<string, unknown>;
      if (!txRef) return answer(res, 400, { tx_ref: ['The tx ref field is required.'] });
      if (transactions.has(txRef)) return answer(res, 400, 'Transaction reference has been used before');
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return answer(res, 400, { amount: ['The amount must be a number.'] });
      if (currency !== 'ETB' && currency !== 'USD') return answer(res, 400, { currency: ['The selected currency is invalid.'] });
      if (typeof customization.title === 'string' && customization.title.length > 16) return answer(res, 400, { 'customization.title': ['The customization.title must not be greater than 16 characters.'] });
      if (input.phone_number !== undefined && !/^0[79]\d{8}$/.test(String(input.phone_number))) return answer(res, 400, { phone_number: ['The phone number format is invalid.'] });
      transactions.set(txRef, {
        tx_ref: txRef,
        amount,
        currency,
        email: typeof input.email === 'string' ? input.email : null,
        first_name: typeof input.first_name === 'string' ? input.first_name : null,
        last_name: typeof input.last_name === 'string' ? input.last_name : null,
        phone_number: typeof input.phone_number === 'string' ? input.phone_number : null,
        return_url: typeof input.return_url === 'string' ? input.return_url : null,
        callback_url: typeof input.callback_url === 'string' ? input.callback_url : null,
        customization,
        meta: (input.meta ?? {}) as Record<string, unknown>,
        status: 'pending',
        method: null,
        reference: null,
        refundedMinor: 0,
        created_at: new Date().toISOString(),
      });
      return answer(res, 200, 'Hosted Link', { checkout_url: checkoutOverride ?? checkoutUrl(txRef) });
    }

    const verify = /^\/v1\/transaction\/verify\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]!));
      const status = tx ? (verifyOverrides.get(tx.tx_ref) ?? tx.status) : null;
      if (!tx || status === 'pending') return notPaidAnswer === 404 ? answer(res, 404, 'Payment not paid yet') : answer(res, 200, 'Payment not paid yet', null);
      return answer(res, 200, 'Payment details', {
        first_name: tx.first_name,
        last_name: tx.last_name,
        email: tx.email,
        currency: tx.currency,
        amount: amountOverrides.has(tx.tx_ref) ? amountOverrides.get(tx.tx_ref) : Number(tx.amount),
        charge: Number((Number(tx.amount) * 0.035).toFixed(2)),
        mode: 'test',
        method: tx.method,
        type: 'API',
        status,
        reference: tx.reference,
        tx_ref: tx.tx_ref,
        customization: tx.customization,
        meta: tx.meta,
        created_at: tx.created_at,
        updated_at: new Date().toISOString(),
      });
    }

    if (req.method === 'GET' && path === '/v1/banks') return answer(res, 200, 'Banks retrieved', fakeBanks);

    if (req.method === 'POST' && path === '/v1/transfers') {
      const input = JSON.parse(body || '{}') as Record<string, unknown>;
      const reference = String(input.reference ?? '');
      if (!reference) return answer(res, 400, { reference: ['The reference field is required.'] });
      if (transfers.has(reference)) return answer(res, 400, 'Transfer reference has been used before');
      const bank = fakeBanks.find((b) => String(b.id) === String(input.bank_code));
      if (!bank) return answer(res, 400, 'The selected bank code is invalid.');
      if (transferRefusal) return answer(res, 400, transferRefusal);
      if (!/^\d+(\.\d{1,2})?$/.test(String(input.amount ?? '')) || input.currency !== 'ETB') return answer(res, 400, { amount: ['The amount must be a number.'] });
      transfers.set(reference, {
        reference,
        amount: String(input.amount),
        currency: String(input.currency),
        bank_code: String(input.bank_code),
        account_number: String(input.account_number ?? ''),
        account_name: String(input.account_name ?? ''),
        status: 'pending',
        chapa_reference: `TR${randomBytes(6).toString('hex').toUpperCase()}`,
      });
      if (lostTransferAnswers > 0) {
        lostTransferAnswers -= 1;
        // Made, but the answer never leaves: the caller gives up waiting.
        res.destroy();
        return;
      }
      return answer(res, 200, 'Transfer Queued Successfully', transfers.get(reference)!.chapa_reference);
    }

    const transferVerify = /^\/v1\/transfers\/verify\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && transferVerify) {
      const t = transfers.get(decodeURIComponent(transferVerify[1]!));
      if (!t) return answer(res, 404, 'Transfer not found');
      return answer(res, 200, 'Transfer details', { ...t, bank: t.bank_code, mobile: null, created_at: new Date().toISOString() });
    }

    const refund = /^\/v1\/refund\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && refund) {
      // Addressed by Chapa's reference of the payment (APxxxx), not the merchant's tx_ref.
      const chapaReference = decodeURIComponent(refund[1]!);
      const tx = [...transactions.values()].find((t) => t.reference === chapaReference);
      const input = (body ? JSON.parse(body) : {}) as { amount?: string; reference?: string; reason?: string };
      if (!tx) return answer(res, 404, 'Transaction not found');
      if (input.reference && refundReferences.has(input.reference)) return answer(res, 400, 'Refund reference has been used before');
      if (tx.status !== 'success') return answer(res, 400, 'Only a successful transaction can be refunded');
      const paidMinor = cents(tx.amount);
      const askedMinor = input.amount === undefined ? paidMinor - tx.refundedMinor : cents(input.amount);
      if (!(askedMinor > 0) || tx.refundedMinor + askedMinor > paidMinor) return answer(res, 400, 'The refund amount exceeds the transaction amount');
      if (input.reference) refundReferences.add(input.reference);
      refundsMade.push({ txRef: tx.tx_ref, amountMinor: askedMinor, reference: input.reference ?? null });
      tx.refundedMinor += askedMinor;
      if (tx.refundedMinor === paidMinor) tx.status = 'refunded';
      return answer(res, 200, 'Refund initiated successfully. Processing time: 1-3 business days', {
        id: refundsMade.length + 700,
        chapa_reference: tx.reference,
        bank_reference: `BLC${randomBytes(4).toString('hex').toUpperCase()}`,
        amount: (askedMinor / 100).toFixed(2),
        ref: `RF${randomBytes(6).toString('hex').toUpperCase()}`,
        currency: tx.currency,
        status: 'Refund Initiated',
        reason: input.reason ?? null,
        merchant_reference: input.reference ?? null,
      });
    }

    // Outside the API, as a web server answers: not in Chapa's envelope.
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html');
    res.end('<h1>Not Found</h1>');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => answer(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const checkoutUrl = (txRef: string) => `https://checkout.chapa.co/checkout/payment/${txRef}`;

  function find(txRef: string): FakeTransaction {
    const tx = transactions.get(txRef);
    if (!tx) throw new Error(`no Chapa transaction ${txRef}`);
    return tx;
  }

  function sign(payload: string, secret = options.webhookSecret): ChapaDelivery {
    return {
      body: payload,
      headers: {
        'content-type': 'application/json',
        'x-chapa-signature': createHmac('sha256', secret).update(payload).digest('hex'),
        'chapa-signature': createHmac('sha256', secret).update(secret).digest('hex'),
      },
    };
  }

  return {
    /** The API's base, with its /v1, as CHAPA_API_BASE takes it. */
    url: `${url}/v1`,
    transactions,
    requests,
    refundsMade,
    checkoutUrl,
    transfers,
    /** The next `times` transfers are made but their answers lost. */
    loseTransferAnswers(times = 1) {
      lostTransferAnswers = times;
    },
    /** Transfers are refused with these words until called with null. */
    refuseTransfers(message: string | null) {
      transferRefusal = message;
    },
    /** A transfer settles (or is sent back by the bank) on Chapa's side. */
    settleTransfer(reference: string, status: FakeTransfer['status']) {
      const t = transfers.get(reference);
      if (!t) throw new Error(`no Chapa transfer ${reference}`);
      t.status = status;
    },
    /** The event Chapa posts about a transfer, signed with the webhook secret. */
    transferWebhook(event: string, reference: string): ChapaDelivery {
      const t = transfers.get(reference);
      return sign(JSON.stringify({ event, type: 'Payout', reference, status: event.split('.')[1], amount: t?.amount ?? '0', currency: 'ETB', chapa_reference: t?.chapa_reference ?? null, created_at: new Date().toISOString() }));
    },
    /** The donor pays on the hosted page with a wallet or bank. */
    pay(txRef: string, method = 'telebirr') {
      const tx = find(txRef);
      tx.status = 'success';
      tx.method = method;
      tx.reference ??= `AP${randomBytes(6).toString('hex').toUpperCase()}`;
      return tx;
    },
    fail(txRef: string) {
      find(txRef).status = 'failed';
    },
    cancel(txRef: string) {
      find(txRef).status = 'cancelled';
    },
    /** The money taken back by the donor's bank or wallet operator. */
    reverse(txRef: string) {
      find(txRef).status = 'reversed';
    },
    /** Verify answers `status` for this transaction whatever happened (or the truth again with null). */
    verifyAnswers(txRef: string, status: FakeTransaction['status'] | null) {
      if (status) verifyOverrides.set(txRef, status);
      else verifyOverrides.delete(txRef);
    },
    answerCheckoutAt(url: string | null) {
      checkoutOverride = url;
    },
    notPaidAnswers(status: 404 | 200) {
      notPaidAnswer = status;
    },
    /** The next `times` calls under `pathPrefix` (e.g. /v1/refund) answer 500. */
    outage(pathPrefix: string, times = 1) {
      outages.set(pathPrefix, times);
    },
    /** The next `times` calls under `pathPrefix` get no answer at all, as from a Chapa that hangs. */
    hang(pathPrefix: string, times = 1) {
      hangs.set(pathPrefix, times);
    },
    /** Verify says this was paid for the transaction (`undefined` for the truth again). */
    verifyAmountAnswers(txRef: string, amount: unknown) {
      if (amount === undefined) amountOverrides.delete(txRef);
      else amountOverrides.set(txRef, amount);
    },
    /** How many times verify was asked about this transaction. */
    verifications: (txRef: string) => requests.filter((r) => r.method === 'GET' && r.path === `/v1/transaction/verify/${encodeURIComponent(txRef)}`).length,
    /** The flat event Chapa posts about a transaction, as it stands now, signed with the webhook secret. */
    webhook(event: string, txRef: string): ChapaDelivery {
      const tx = find(txRef);
      return sign(
        JSON.stringify({
          event,
          first_name: tx.first_name,
          last_name: tx.last_name,
          email: tx.email,
          mobile: tx.phone_number,
          currency: tx.currency,
          amount: tx.amount,
          charge: (Number(tx.amount) * 0.035).toFixed(2),
          status: event.split('.')[1],
          failure_reason: null,
          mode: 'test',
          reference: tx.reference,
          created_at: tx.created_at,
          updated_at: new Date().toISOString(),
          type: 'API',
          tx_ref: tx.tx_ref,
          payment_method: tx.method,
          customization: tx.customization,
          meta: tx.meta,
        }),
      );
    },
    /** Any body signed as Chapa would sign it (or with another secret, as a forger would). */
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Calls left hanging would hold the close for ever.
        server.closeAllConnections();
      }),
  };
}

export type FakeChapa = Awaited<ReturnType<typeof startFakeChapa>>;
