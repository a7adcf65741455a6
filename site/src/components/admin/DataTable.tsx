import { Fragment, type ReactNode } from 'react';
import { TableScroll } from '../reports/parts';
import { useWideScreen } from './use-admin';

export type Column<T> = { header: string; cell: (row: T) => ReactNode; end?: boolean };

type Props<T> = {
  caption: string;
  rows: T[];
  /** What a row is (a donor, a fundraiser): the first column, and a card's heading on a phone. */
  title: Column<T>;
  columns: Column<T>[];
  /** The buttons of a row, in a last column; none in a list only to read. */
  actions?: { header: string; cell: (row: T) => ReactNode };
  /** More about a row, opened from one of its actions; null while closed. */
  detail?: (row: T) => ReactNode;
  testId: string;
};

/**
 * A list of an admin screen: a table on a wide screen, and on a phone a card for each row
 * with its figures under their names, rather than a table to scroll sideways. Only one of
 * the two is rendered, so a row's detail (which may load and poll) exists once.
 */
export function DataTable<T extends { id: number }>({ caption, rows, title, columns, actions, detail, testId }: Props<T>) {
  const wide = useWideScreen();

  if (!wide) {
    return (
      <ul className="divide-y divide-line border-y border-line" aria-label={caption} data-testid={testId}>
        {rows.map((row) => (
          <li key={row.id} className="py-4" data-testid={`${testId}-row`}>
            <div className="font-semibold break-words">{title.cell(row)}</div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {columns.map((column) => (
                <Fragment key={column.header}>
                  <dt className="text-muted">{column.header}</dt>
                  <dd className="break-words">{column.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
            {actions && <div className="mt-3 flex flex-wrap gap-2">{actions.cell(row)}</div>}
            {detail?.(row)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <TableScroll label={caption}>
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-line text-muted">
            {[title, ...columns].map((column) => (
              <th key={column.header} scope="col" className={`px-3 py-2 font-semibold ${column.end ? 'text-end' : 'text-start'}`}>
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {actions.header}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const more = detail?.(row);
            return (
              <Fragment key={row.id}>
                <tr className={`align-top ${more ? '' : 'border-b border-line'}`} data-testid={`${testId}-row`}>
                  <th scope="row" className="max-w-72 px-3 py-2.5 text-start font-normal break-words">
                    {title.cell(row)}
                  </th>
                  {columns.map((column) => (
                    <td key={column.header} className={`px-3 py-2.5 ${column.end ? 'text-end tabular-nums' : ''}`}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {actions && (
                    <td className="px-3 py-2.5">
                      <div className="flex flex-wrap justify-end gap-2">{actions.cell(row)}</div>
                    </td>
                  )}
                </tr>
                {more && (
                  <tr className="border-b border-line">
                    <td colSpan={columns.length + (actions ? 2 : 1)} className="px-3 pb-4">
                      {more}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
