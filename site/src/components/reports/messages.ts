/** The wording of the report screens: the catalogues' `reports.` section, as the page hands it over. */
import type { MessagesFor } from '../../i18n';
import type { Channel, Currency } from '../../lib/report';

export type ReportMessages = MessagesFor<'reports.'>;

export function channelLabel(m: ReportMessages, channel: Channel): string {
  return m[`channel.${channel}`];
}

/** A payment method as the API names it (STRIPE, PAYPAL, CHAPA, NONE for demo data); one this page does not know, as it comes. */
export function methodLabel(m: ReportMessages, method: string | null): string {
  if (method === 'STRIPE' || method === 'PAYPAL' || method === 'CHAPA') return m[`method.${method}`];
  if (method === null || method === 'NONE') return m['method.NONE'];
  return method.charAt(0) + method.slice(1).toLowerCase();
}

export function currencyName(m: ReportMessages, currency: Currency): string {
  return m[`currency.${currency}`];
}
