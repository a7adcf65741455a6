import { fill, formatAmount, textLang } from '../../lib/format';
import { formatMoment, type ReportDonation, type ReportLang } from '../../lib/report';
import { channelLabel, methodLabel, type ReportMessages } from './messages';
import { TableScroll } from './parts';

type Props = {
  lang: ReportLang;
  donations: ReportDonation[];
  messages: ReportMessages;
  caption: string;
  /** Several fundraisers' donations: a column naming each one's fundraiser. */
  showFundraiser: boolean;
  /** Where a fundraiser's title leads (its progress page, or the list filtered to it). */
  fundraiserHref?: (donation: ReportDonation) => string;
};

/**
 * Donations as organisers see them: who (or Anonymous), how much, how they paid, which share
 * brought them, the team member credited, their words, and their e-mail only when they allowed it.
 */
export function DonationsTable({ lang, donations, messages: m, caption, showFundraiser, fundraiserHref }: Props) {
  return (
    <>
      {/* A phone gets each donation as a card; wider screens, the table. */}
      <ul className="divide-y divide-line sm:hidden" aria-label={caption}>
        {donations.map((d) => (
          <li key={d.id} className="py-3" data-testid="donation-card">
            <div className="flex items-baseline justify-between gap-3">
              <p className="min-w-0 font-semibold break-words" lang={textLang(d.name)}>
                {d.name}
              </p>
              <p className="shrink-0 text-end whitespace-nowrap">
                <span className={`font-bold tabular-nums ${d.status === 'REFUNDED' ? 'text-muted line-through' : ''}`}>{formatAmount(lang, d.amount, d.currency)}</span>
                {d.status === 'REFUNDED' && <span className="ms-2 inline-block rounded-full border border-danger px-2 py-0.5 text-xs font-semibold text-danger">{m['status.REFUNDED']}</span>}
              </p>
            </div>
            {showFundraiser && (
              <p className="mt-0.5 text-sm break-words">
                {fundraiserHref ? (
                  <a href={fundraiserHref(d)} className="underline-offset-2 hover:underline" lang={textLang(d.fundraiserTitle)}>
                    {d.fundraiserTitle}
                  </a>
                ) : (
                  d.fundraiserTitle
                )}
              </p>
            )}
            <p className="mt-0.5 text-xs text-muted">
              <time dateTime={d.date}>{formatMoment(lang, d.date)}</time> · {methodLabel(m, d.paymentMethod)} · {channelLabel(m, d.channel)}
            </p>
            {d.teamMember && <p className="text-xs text-muted">{fill(m['table.teamMember'], { name: d.teamMember })}</p>}
            {d.email && (
              <p className="text-sm break-all">
                <a href={`mailto:${d.email}`} className="underline-offset-2 hover:underline">
                  {d.email}
                </a>
              </p>
            )}
            {d.message && (
              <p className="mt-1 text-sm text-muted italic break-words" lang={textLang(d.message)}>
                “{d.message}”
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <TableScroll label={caption}>
          <table className="w-full min-w-[44rem] text-sm" data-testid="donations-table">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b-2 border-line text-muted">
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {m['table.date']}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {m['table.donor']}
                </th>
                {showFundraiser && (
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {m['table.fundraiser']}
                  </th>
                )}
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {m['table.amount']}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {m['table.method']}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {m['table.channel']}
                </th>
              </tr>
            </thead>
            <tbody>
              {donations.map((d) => (
                <tr key={d.id} className="border-b border-line align-top last:border-0" data-testid="donation-row">
                  <td className="px-3 py-2.5 whitespace-nowrap text-muted">
                    <time dateTime={d.date}>{formatMoment(lang, d.date)}</time>
                  </td>
                  <td className="max-w-64 px-3 py-2.5">
                    <p className="font-semibold break-words" lang={textLang(d.name)}>
                      {d.name}
                    </p>
                    {d.email && (
                      <p className="break-all">
                        <a href={`mailto:${d.email}`} className="underline-offset-2 hover:underline">
                          {d.email}
                        </a>
                      </p>
                    )}
                    {d.teamMember && <p className="text-xs text-muted">{fill(m['table.teamMember'], { name: d.teamMember })}</p>}
                    {d.message && (
                      <p className="mt-1 line-clamp-3 text-muted italic break-words" lang={textLang(d.message)}>
                        “{d.message}”
                      </p>
                    )}
                  </td>
                  {showFundraiser && (
                    <td className="max-w-56 px-3 py-2.5 break-words">
                      {fundraiserHref ? (
                        <a href={fundraiserHref(d)} className="underline-offset-2 hover:underline" lang={textLang(d.fundraiserTitle)}>
                          {d.fundraiserTitle}
                        </a>
                      ) : (
                        d.fundraiserTitle
                      )}
                    </td>
                  )}
                  <td className="px-3 py-2.5 text-end whitespace-nowrap">
                    <span className={`font-bold tabular-nums ${d.status === 'REFUNDED' ? 'text-muted line-through' : ''}`}>{formatAmount(lang, d.amount, d.currency)}</span>
                    {d.status === 'REFUNDED' && <span className="ms-2 inline-block rounded-full border border-danger px-2 py-0.5 text-xs font-semibold text-danger no-underline">{m['status.REFUNDED']}</span>}
                  </td>
                  <td className="px-3 py-2.5 whitespace-nowrap">{methodLabel(m, d.paymentMethod)}</td>
                  <td className="px-3 py-2.5 whitespace-nowrap">{channelLabel(m, d.channel)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
    </>
  );
}
