import type { EntityManager } from '@mikro-orm/core';
import type { Language } from '../../kernel/http/index.ts';
import { fundraiserWithOrganiser } from '../fundraisers/index.ts';
import type { MailComposer, MailMessage } from '../mail/index.ts';
import { fromMinor, groupedAmount, type Currency } from '../money/index.ts';
import { accountShown, PayoutMethodSchema, PayoutSchema } from './payout.entity.ts';

/**
 * The kind of QUEUED outbox mail about a payout, queued in the transaction of the step it
 * tells of; its ref is `<event>:<id>`, the id a payout's, or for `method` the fundraiser's.
 */
export const payoutMailKind = 'payout';

export type PayoutMailEvent = 'method' | 'requested' | 'approved' | 'paid' | 'failed' | 'rejected';
const events: readonly PayoutMailEvent[] = ['method', 'requested', 'approved', 'paid', 'failed', 'rejected'];

interface Facts {
  name: string;
  title: string;
  /** "1,500.00 ETB" */
  amount: string;
  /** "Commercial Bank of Ethiopia ··6789" */
  account: string;
  reason: string;
  link: string;
  contact: string;
}

const texts: Record<Language, Record<PayoutMailEvent, { subject: (f: Facts) => string; body: (f: Facts) => string[] }>> = {
  en: {
    method: {
      subject: (f) => `The payout account of “${f.title}” was changed`,
      body: (f) => [
        `The money raised by “${f.title}” will now be paid to ${f.account}.`,
        'For your safety, no withdrawal can start for the next 48 hours.',
        `If you did not make this change, contact us at once: ${f.contact}`,
      ],
    },
    requested: {
      subject: (f) => `Withdrawal of ${f.amount} requested`,
      body: (f) => [`A withdrawal of ${f.amount} from “${f.title}” to ${f.account} was requested.`, 'It will be sent once it has been approved. We will let you know.', `If you did not ask for it, contact us at once: ${f.contact}`],
    },
    approved: {
      subject: (f) => `Withdrawal of ${f.amount} approved`,
      body: (f) => [`The withdrawal of ${f.amount} from “${f.title}” was approved and is being sent to ${f.account}.`],
    },
    paid: {
      subject: (f) => `${f.amount} has been paid to ${f.account}`,
      body: (f) => [`${f.amount} from “${f.title}” has been paid to ${f.account}.`, 'Donors like to see what their gifts did: a short update on the fundraiser page tells them.'],
    },
    failed: {
      subject: (f) => `Withdrawal of ${f.amount} did not go through`,
      body: (f) => [`The withdrawal of ${f.amount} from “${f.title}” to ${f.account} did not go through: ${f.reason}`, 'The money is back in the fundraiser’s balance. Check the account details, then ask again.'],
    },
    rejected: {
      subject: (f) => `Withdrawal of ${f.amount} was not approved`,
      body: (f) => [`The withdrawal of ${f.amount} from “${f.title}” was not approved: ${f.reason}`, `The money stays in the fundraiser’s balance. Questions? ${f.contact}`],
    },
  },
  am: {
    method: {
      subject: (f) => `የ“${f.title}” ገንዘብ የሚገባበት ሂሳብ ተቀይሯል`,
      body: (f) => [
        `“${f.title}” ያሰባሰበው ገንዘብ ከአሁን በኋላ የሚገባው ወደ ${f.account} ነው።`,
        'ለደህንነትዎ ሲባል በሚቀጥሉት 48 ሰዓታት ውስጥ ገንዘብ ማውጣት አይቻልም።',
        `ይህን ለውጥ ያላደረጉት እርስዎ ከሆኑ ወዲያውኑ ያግኙን፦ ${f.contact}`,
      ],
    },
    requested: {
      subject: (f) => `${f.amount} ለማውጣት ጥያቄ ቀርቧል`,
      body: (f) => [`ከ“${f.title}” ${f.amount} ወደ ${f.account} ለማውጣት ጥያቄ ቀርቧል።`, 'ጥያቄው ሲጸድቅ ገንዘቡ ይላካል፤ እናሳውቅዎታለን።', `ይህን ያልጠየቁት እርስዎ ከሆኑ ወዲያውኑ ያግኙን፦ ${f.contact}`],
    },
    approved: {
      subject: (f) => `${f.amount} ማውጣት ጸድቋል`,
      body: (f) => [`ከ“${f.title}” ${f.amount} ማውጣት ጸድቋል፤ ገንዘቡ ወደ ${f.account} እየተላከ ነው።`],
    },
    paid: {
      subject: (f) => `${f.amount} ወደ ${f.account} ተከፍሏል`,
      body: (f) => [`ከ“${f.title}” ${f.amount} ወደ ${f.account} ተከፍሏል።`, 'ለጋሾች ስጦታቸው ምን እንደሠራ ማወቅ ይወዳሉ፤ በገንዘብ ማሰባሰቢያው ገጽ ላይ አጭር መረጃ ያጋሩ።'],
    },
    failed: {
      subject: (f) => `${f.amount} ማውጣት አልተሳካም`,
      body: (f) => [`ከ“${f.title}” ${f.amount} ወደ ${f.account} ማውጣት አልተሳካም፦ ${f.reason}`, 'ገንዘቡ ወደ ማሰባሰቢያው ቀሪ ሂሳብ ተመልሷል። የሂሳቡን ዝርዝር አረጋግጠው እንደገና ይጠይቁ።'],
    },
    rejected: {
      subject: (f) => `${f.amount} ማውጣት አልጸደቀም`,
      body: (f) => [`ከ“${f.title}” ${f.amount} ማውጣት አልጸደቀም፦ ${f.reason}`, `ገንዘቡ በማሰባሰቢያው ቀሪ ሂሳብ ውስጥ ይቆያል። ጥያቄ ካለዎት፦ ${f.contact}`],
    },
  },
};

const greeting: Record<Language, (name: string) => string> = { en: (name) => `Dear ${name},`, am: (name) => `ውድ ${name}፣` };

/** Grouped for reading: "1,500.00 ETB". */
const amountText = (minor: number, currency: Currency) => `${groupedAmount(fromMinor(minor, currency), currency)} ${currency}`;

export function payoutMailComposer(deps: { publicUrl: string }): MailComposer {
  return async (em: EntityManager, ref: string): Promise<MailMessage | null> => {
    const [event, rawId] = ref.split(':') as [PayoutMailEvent, string];
    const id = Number(rawId);
    if (!events.includes(event) || !Number.isSafeInteger(id)) return null;
    let fundraiserId: number;
    let facts: Pick<Facts, 'amount' | 'account' | 'reason'>;
    if (event === 'method') {
      const method = await em.findOne(PayoutMethodSchema, { fundraiser: id }, { disableIdentityMap: true });
      if (!method) return null;
      fundraiserId = id;
      facts = { amount: '', account: accountShown(method), reason: '' };
    } else {
      const payout = await em.findOne(PayoutSchema, { id }, { disableIdentityMap: true });
      if (!payout) return null;
      fundraiserId = payout.fundraiser.id;
      facts = { amount: amountText(payout.amountMinor, payout.currency), account: accountShown(payout), reason: payout.reason ?? '' };
    }
    const f = await fundraiserWithOrganiser(em, fundraiserId);
    if (!f) return null;
    const language: Language = f.owner.language;
    const prefix = language === 'am' ? '/am' : '';
    const all: Facts = { ...facts, name: f.owner.firstName, title: f.title, link: `${deps.publicUrl}${prefix}/fundraiser/${f.id}`, contact: `${deps.publicUrl}${prefix}/contact` };
    const words = texts[language][event];
    return { to: f.owner.email, subject: words.subject(all), text: [greeting[language](all.name), '', ...words.body(all), '', all.link].join('\n') };
  };
}
