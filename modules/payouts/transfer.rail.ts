import { z } from 'zod';
import { fromMinor } from '../money/index.ts';
import { chapaClient, isChapaError, ProviderFailed, type ChapaCall } from '../payments/index.ts';

/** A bank or wallet Chapa transfers birr to, as `GET /api/payouts/banks` lists it. */
export interface Bank {
  /** Chapa's id of it, which a transfer names as `bank_code`. */
  code: string;
  name: string;
  /** How many digits its account numbers have (a wallet's is the phone number). */
  accountLength: number;
  mobileMoney: boolean;
}

/** What a transfer is asked to pay: the payout's own reference, amount and account. */
export interface TransferOrder {
  reference: string;
  amountMinor: number;
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

/**
 * How a transfer stands, in our words: `missing` when Chapa does not know the reference (the
 * request never reached it, so it may be sent again with the same reference).
 */
export type TransferState = 'pending' | 'paid' | 'failed' | 'reversed' | 'missing';

/** Sent: Chapa took the order (its reference when it gave one). Refused: Chapa said no, so no money moved, with its words. */
export type SendOutcome = { sent: true; chapaReference: string | null } | { sent: false; reason: string };

/** Where approved payouts of birr leave: Chapa's transfers, or outside production a sandbox where no money moves. */
export interface TransferRail {
  sandbox: boolean;
  banks(): Promise<Bank[]>;
  /** Throws ProviderFailed when Chapa did not answer (`transient`): the transfer may or may not have been made, and verify will tell. */
  send(order: TransferOrder): Promise<SendOutcome>;
  state(reference: string): Promise<TransferState>;
}

const bankRow = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().min(1),
  acct_length: z.coerce.number().int().min(4).max(40),
  is_mobilemoney: z.union([z.boolean(), z.number(), z.null()]).optional(),
  currency: z.string().nullish(),
});

const verified = z.object({ status: z.string(), chapa_reference: z.string().nullish() });

/** Chapa's words for a transfer's state, newer and older. */
const stateOf: Record<string, TransferState> = {
  success: 'paid',
  successful: 'paid',
  completed: 'paid',
  failed: 'failed',
  failure: 'failed',
  cancelled: 'failed',
  reversed: 'reversed',
  pending: 'pending',
  processing: 'pending',
  queued: 'pending',
};

/** Chapa has seen this reference: the transfer was made earlier and its answer lost. */
const referenceTaken = /reference.*(used|exist|taken|duplicate)|duplicate.*reference/i;

/** Banks change seldom; one list an hour, per process, rather than one call per page. */
const banksKeptMs = 60 * 60_000;

export function chapaTransfers(options: { secretKey: string; apiBase?: string | undefined }): TransferRail {
  const call: ChapaCall = chapaClient(options);
  let banks: { at: number; list: Promise<Bank[]> } | null = null;

  const unanswered = (error: unknown, what: string) =>
    new ProviderFailed(`Chapa's ${what} did not answer: ${error instanceof Error ? error.message : String(error)}`, {
      transient: !isChapaError(error) || !error.fromChapa || error.chapaStatus >= 500,
      cause: error,
    });

  async function loadBanks(): Promise<Bank[]> {
    let data: unknown;
    try {
      ({ data } = await call('GET', '/banks'));
    } catch (error) {
      throw unanswered(error, 'bank list');
    }
    const rows = Array.isArray(data) ? data : [];
    return rows
      .map((row) => bankRow.safeParse(row))
      .filter((row) => row.success && (!row.data.currency || row.data.currency.toUpperCase() === 'ETB'))
      .map((row) => {
        const b = row.data!;
        return { code: String(b.id), name: b.name.trim(), accountLength: b.acct_length, mobileMoney: Boolean(b.is_mobilemoney) };
      });
  }

  return {
    sandbox: false,

    banks() {
      if (!banks || Date.now() - banks.at > banksKeptMs) {
        const list = loadBanks();
        banks = { at: Date.now(), list };
        // A failure is not kept: the next page asks again.
        list.catch(() => {
          if (banks?.list === list) banks = null;
        });
      }
      return banks.list;
    },

    async send(order) {
      try {
        const { data } = await call('POST', '/transfers', {
          account_name: order.accountName,
          account_number: order.accountNumber,
          amount: fromMinor(order.amountMinor, 'ETB'),
          currency: 'ETB',
          reference: order.reference,
          bank_code: order.bankCode,
        });
        return { sent: true, chapaReference: typeof data === 'string' && data !== order.reference ? data.slice(0, 120) : null };
      } catch (error) {
        if (isChapaError(error) && error.fromChapa && error.chapaStatus < 500) {
          if (referenceTaken.test(error.chapaMessage)) return { sent: true, chapaReference: null };
          return { sent: false, reason: error.chapaMessage.slice(0, 500) || `refused (${error.chapaStatus})` };
        }
        throw unanswered(error, 'transfer');
      }
    },

    async state(reference) {
      let data: unknown;
      try {
        ({ data } = await call('GET', `/transfers/verify/${encodeURIComponent(reference)}`));
      } catch (error) {
        if (isChapaError(error) && error.fromChapa && error.chapaStatus === 404) return 'missing';
        throw unanswered(error, 'transfer verify');
      }
      const answer = verified.safeParse(data);
      if (!answer.success) throw new ProviderFailed('Chapa verified a transfer without a status', { transient: false });
      const state = stateOf[answer.data.status.toLowerCase()];
      if (!state) throw new ProviderFailed(`Chapa verified a transfer in a state we do not know: ${answer.data.status}`, { transient: false });
      return state;
    },
  };
}

/** Banks the sandbox offers: the common ones, with their real account lengths (code, name, digits, a wallet or not). */
export const sandboxBanks: readonly Bank[] = (
  [
    ['sandbox-cbe', 'Commercial Bank of Ethiopia (sandbox)', 13, false],
    ['sandbox-awash', 'Awash Bank (sandbox)', 14, false],
    ['sandbox-dashen', 'Dashen Bank (sandbox)', 13, false],
    ['sandbox-telebirr', 'telebirr (sandbox)', 10, true],
  ] as const
).map(([code, name, accountLength, mobileMoney]) => ({ code, name, accountLength, mobileMoney }));

/**
 * Stands in for Chapa's transfers outside production when it has no keys, so that a fresh
 * install shows the whole path: every transfer it is sent is paid at once, and no money moves.
 */
export function sandboxTransfers(): TransferRail {
  const sent = new Set<string>();
  return {
    sandbox: true,
    banks: async () => [...sandboxBanks],
    async send(order) {
      sent.add(order.reference);
      return { sent: true, chapaReference: `SANDBOX-${order.reference}` };
    },
    async state(reference) {
      return sent.has(reference) ? 'paid' : 'missing';
    },
  };
}
