import { useEffect, useId, useRef, useState } from 'react';
import { formatDay, type ReportLang } from '../../lib/report';
import type { ReportMessages } from './messages';
import type { DrawnChart } from './uplot-chart';

export type ChartLine = {
  label: string;
  values: number[];
  kind: 'bars' | 'line';
  axis?: 'left' | 'right';
  /** Which of the chart colours (custom properties set below, per theme). */
  colour: 1 | 2 | 3;
  /** Short, for the axis (1.2K). */
  axisFormat: (value: number) => string;
  /** In full, for the table and the tooltip ($1,250.50). */
  format: (value: number) => string;
  /** A line with its area shaded (a running total). */
  area?: boolean;
};

type Props = {
  lang: ReportLang;
  /** YYYY-MM-DD, one per value. */
  days: string[];
  series: ChartLine[];
  /** The table's caption: what the chart shows. */
  title: string;
  /** What a screen reader hears for the picture: the figures that matter, in words. */
  summary: string;
  messages: ReportMessages;
  height?: number;
  testId?: string;
};

/**
 * Chart colours per theme, as custom properties the chart reads when drawn: the brand green,
 * then amber and blue, each at least 3:1 against the card in its theme.
 */
const colourClass = '[--chart-1:var(--brand)] [--chart-2:#b45309] [--chart-3:#1d4ed8] dark:[--chart-2:#fbbf24] dark:[--chart-3:#93c5fd]';
const swatch: Record<1 | 2 | 3, string> = { 1: 'bg-[var(--chart-1)]', 2: 'bg-[var(--chart-2)]', 3: 'bg-[var(--chart-3)]' };

/** The theme's class on <html> changes: charts drawn with the old colours are drawn again. */
function useThemeChanges(): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    let dark = document.documentElement.classList.contains('dark');
    const observer = new MutationObserver(() => {
      const now = document.documentElement.classList.contains('dark');
      if (now !== dark) {
        dark = now;
        setChanges((n) => n + 1);
      }
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return changes;
}

/**
 * A chart of days (uPlot on a canvas, loaded only when a chart is shown), with its figures as a
 * table under "Show as table" for whoever cannot see it, a summary in words for screen readers,
 * a legend, and the hovered day's figures beside the cursor.
 */
export function Chart({ lang, days, series, title, summary, messages: m, height = 240, testId }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(series);
  latest.current = series;
  const [hover, setHover] = useState<{ index: number; left: number; top: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const themeChanges = useThemeChanges();
  const tableId = useId();
  // Redrawn when what is drawn changes, not at every render of the page around it.
  const key = JSON.stringify([lang, days, series.map((s) => [s.label, s.values, s.kind, s.axis, s.colour, s.area]), height]);

  useEffect(() => {
    const element = host.current;
    const container = box.current;
    if (!element || !container) return;
    let chart: DrawnChart | null = null;
    let cancelled = false;
    const labels = days.map((day) => formatDay(lang, day, 'short'));
    const font = getComputedStyle(element).fontFamily || 'sans-serif';
    (async () => {
      const [{ drawChart }] = await Promise.all([
        import('./uplot-chart'),
        // Canvas text waits for no font: load the Ethiopic letters of the labels first.
        document.fonts?.load(`12px ${font}`, labels.join(' ')).catch(() => undefined),
      ]);
      if (cancelled) return;
      element.replaceChildren();
      chart = drawChart(element, container.clientWidth, {
        labels,
        height,
        font,
        series: latest.current.map((s) => ({ label: s.label, values: s.values, kind: s.kind, axis: s.axis ?? 'left', colour: `--chart-${s.colour}`, format: s.axisFormat, area: s.area })),
        onHover: (index, left, top) => setHover(index === null ? null : { index, left, top }),
      });
    })().catch(() => {
      // The chart's code did not arrive (a dropped connection): the table says it all.
      if (!cancelled) setFailed(true);
    });
    const observer = new ResizeObserver(() => chart?.resize(container.clientWidth));
    observer.observe(container);
    return () => {
      cancelled = true;
      observer.disconnect();
      chart?.destroy();
      setHover(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for days, series and height
  }, [key, themeChanges]);

  const hovered = hover && days[hover.index] !== undefined ? hover : null;
  const width = box.current?.clientWidth ?? 0;

  return (
    <figure className={`${colourClass} m-0`} data-testid={testId}>
      <ul className="mb-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            <span className={`${swatch[s.colour]} ${s.kind === 'bars' ? 'size-3 rounded-sm' : 'h-1 w-4 rounded-full'} inline-block`} />
            {s.label}
          </li>
        ))}
      </ul>
      <div ref={box} className="relative w-full" style={{ minHeight: failed ? undefined : height }}>
        {!failed && <div ref={host} role="img" aria-label={summary} data-testid={testId && `${testId}-canvas`} />}
        {hovered && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute z-10 min-w-36 rounded-lg border border-line bg-surface px-3 py-2 text-sm shadow-lg"
            style={{
              top: Math.max(0, hovered.top - 8),
              ...(hovered.left > width / 2 ? { right: width - hovered.left + 12 } : { left: hovered.left + 12 }),
            }}
          >
            <p className="font-semibold">{formatDay(lang, days[hovered.index] ?? '', 'long')}</p>
            {series.map((s) => (
              <p key={s.label} className="mt-0.5 flex items-center gap-2 whitespace-nowrap">
                <span className={`${swatch[s.colour]} inline-block size-2.5 rounded-full`} />
                <span className="text-muted">{s.label}:</span> <span className="font-semibold">{s.format(s.values[hovered.index] ?? 0)}</span>
              </p>
            ))}
          </div>
        )}
      </div>
      <details className="group mt-3" open={failed || undefined}>
        <summary className="inline-flex cursor-pointer items-center gap-1 rounded text-sm font-semibold text-link underline-offset-4 hover:underline">{m['chart.showTable']}</summary>
        <div className="mt-2 max-h-96 overflow-auto rounded-lg border border-line" tabIndex={0} role="region" aria-labelledby={tableId}>
          <table className="w-full text-sm">
            <caption id={tableId} className="bg-sunken px-3 py-2 text-start font-semibold">
              {title}
            </caption>
            <thead className="sticky top-0 bg-surface">
              <tr className="border-b border-line">
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {m['chart.date']}
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="px-3 py-2 text-end font-semibold">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day} className="border-b border-line last:border-0">
                  <th scope="row" className="px-3 py-1.5 text-start font-normal whitespace-nowrap">
                    <time dateTime={day}>{formatDay(lang, day, 'medium')}</time>
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="px-3 py-1.5 text-end tabular-nums">
                      {s.format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
