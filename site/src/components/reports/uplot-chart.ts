/**
 * The one place uPlot is imported: Chart.tsx loads this module with import(), so the report
 * screens alone download it (and its few rules of CSS), never another page. Charts are drawn
 * on a canvas from a plain description; colours come from the page's CSS custom properties,
 * read when the chart is made (Chart.tsx makes it again when the theme changes).
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { labelledIndices, niceMax } from '../../lib/report';

export type ChartSeries = {
  label: string;
  values: number[];
  kind: 'bars' | 'line';
  /** Left axis, or a second one on the right (a cumulative line beside daily bars). */
  axis: 'left' | 'right';
  /** A custom property naming the colour: `--chart-1`. */
  colour: string;
  /** For the axis. */
  format: (value: number) => string;
  /** A line with its area shaded (a running total). */
  area?: boolean;
};

export type ChartSpec = {
  /** One label per point along the bottom (days, already in the viewer's language and calendar). */
  labels: string[];
  series: ChartSeries[];
  height: number;
  font: string;
  onHover: (index: number | null, left: number, top: number) => void;
};

export type DrawnChart = { resize: (width: number) => void; destroy: () => void };

function colourOf(host: HTMLElement, property: string, fallback: string): string {
  return getComputedStyle(host).getPropertyValue(property).trim() || fallback;
}

/** `#4ade80` at an opacity, for the area under a line. */
function faded(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) return colour;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export function drawChart(host: HTMLElement, width: number, spec: ChartSpec): DrawnChart {
  const ink = colourOf(host, '--muted', '#57534e');
  const grid = colourOf(host, '--line', '#d6d3d1');
  const count = spec.labels.length;
  const xs = Array.from({ length: count }, (_, i) => i);
  const bars = uPlot.paths.bars?.({ size: [0.7, 48], gap: 1 });
  const hasRight = spec.series.some((s) => s.axis === 'right');
  const leftFormat = spec.series.find((s) => s.axis === 'left')?.format ?? String;
  const rightFormat = spec.series.find((s) => s.axis === 'right')?.format ?? String;
  const axisFont = `12px ${spec.font}`;
  const topOf = (scale: 'left' | 'right') => niceMax(Math.max(0, ...spec.series.filter((s) => s.axis === scale).flatMap((s) => s.values)));

  const options: uPlot.Options = {
    width,
    height: spec.height,
    padding: [12, hasRight ? 4 : 28, 0, 4],
    legend: { show: false },
    // Hovering shows the day's figures (Chart.tsx's tooltip); no zooming by dragging.
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 8, width: 2 }, y: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: () => [-0.5, count - 0.5] },
      left: { range: () => [0, topOf('left')] },
      right: { range: () => [0, topOf('right')] },
    },
    axes: [
      {
        stroke: ink,
        font: axisFont,
        size: 30,
        gap: 6,
        grid: { show: false },
        ticks: { show: true, stroke: grid, width: 1, size: 4 },
        splits: (u) => labelledIndices(count, u.bbox.width / uPlot.pxRatio, 64),
        values: (_u, splits) => splits.map((i) => spec.labels[i] ?? ''),
      },
      {
        scale: 'left',
        stroke: ink,
        font: axisFont,
        size: 56,
        grid: { stroke: grid, width: 1, dash: [3, 3] },
        ticks: { show: false },
        values: (_u, splits) => splits.map((v) => leftFormat(v)),
      },
      ...(hasRight
        ? [
            {
              scale: 'right',
              side: 1 as const,
              stroke: ink,
              font: axisFont,
              size: 60,
              grid: { show: false },
              ticks: { show: false },
              values: (_u: uPlot, splits: number[]) => splits.map((v) => rightFormat(v)),
            },
          ]
        : []),
    ],
    series: [
      {},
      ...spec.series.map((s): uPlot.Series => {
        const colour = colourOf(host, s.colour, '#166534');
        return s.kind === 'bars'
          ? { label: s.label, scale: s.axis, paths: bars, fill: colour, stroke: colour, width: 0, points: { show: false } }
          : { label: s.label, scale: s.axis, stroke: colour, width: 2.5, fill: s.area ? faded(colour, 0.08) : undefined, points: { show: width / Math.max(1, count) >= 14, size: 5, fill: colour } };
      }),
    ],
    hooks: {
      setCursor: [
        (u) => {
          const index = u.cursor.idx;
          spec.onHover(index === null || index === undefined ? null : index, (u.cursor.left ?? 0) + u.over.offsetLeft, (u.cursor.top ?? 0) + u.over.offsetTop);
        },
      ],
    },
  };
  const chart = new uPlot(options, [xs, ...spec.series.map((s) => s.values)] as uPlot.AlignedData, host);
  return {
    resize: (next) => chart.setSize({ width: next, height: spec.height }),
    destroy: () => chart.destroy(),
  };
}
