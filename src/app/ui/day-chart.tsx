import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useSnapshot } from 'valtio';
import { css } from '../../../styled-system/css';
import { ui } from '../state/ui.ts';

/** A theme colour a line takes (the tokens' CSS variables, read when the chart draws). */
export type ChartTone = 'primary' | 'success' | 'error';

export type DaySeries = {
  label: string;
  /** One value per day of `days`. */
  values: readonly number[];
  tone: ChartTone;
  /** The line the chart is about: drawn thicker. */
  main?: boolean;
  /** A translucent area under the line. */
  filled?: boolean;
};

/** What the chart's numbers are, written in the local language (the helpers of i18n/format.ts fit). */
export type ChartValues = {
  /** A value in the legend and the table, e.g. "€1,234.56". */
  format: (value: number, locale: string) => string;
  /** A mark on the value axis, e.g. "12K"; '' leaves it blank. */
  axis: (value: number, locale: string) => string;
  /** Counts: the axis starts at zero with room above the highest value. Else it follows the data. */
  fromZero?: boolean;
};

const TONES: Record<ChartTone, [variable: string, fallback: string]> = {
  primary: ['--bd-primary', '#6d28d9'],
  success: ['--bd-success', '#15803d'],
  error: ['--bd-error', '#b91c1c'],
};

/** A day (`YYYY-MM-DD`, the caller's calendar) as seconds at local midnight. */
const seconds = (date: string) => new Date(`${date}T00:00:00`).getTime() / 1000;
const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** A translucent fill of a theme colour (canvas does not take color-mix()). */
function translucent(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return `rgba(128, 128, 128, ${alpha})`;
  const n = Number.parseInt(match[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** The gaps allowed between two dates on a daily axis, in seconds: whole days. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364].map((days) => days * 86_400);

/** Dates as the axis and as the legend or table write them: a day, or a month when each point is one. */
function dateFormats(locale: string, monthly: boolean) {
  return {
    short: new Intl.DateTimeFormat(locale, monthly ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' }),
    full: new Intl.DateTimeFormat(locale, monthly ? { month: 'long', year: 'numeric' } : { dateStyle: 'medium' }),
  };
}

type DayChartProps = {
  days: readonly string[];
  series: readonly DaySeries[];
  values: ChartValues;
  /** The name of the date column: "Day", "Week", "Month". */
  dayLabel: string;
  /** Each point is a month: dates read "Mar 26", not "12 Mar". */
  monthly?: boolean;
  height?: number;
};

/**
 * Values per day (or week, or month) as lines, drawn by uPlot (canvas, light and fast): colours from
 * the theme's variables, dates and numbers in the local language, a live legend, redrawn on theme,
 * language and size changes.
 */
function DayChart({ days, series, values, dayLabel, monthly = false, height = 260, testId }: DayChartProps & { testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { color, mode, localLanguage } = useSnapshot(ui);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const muted = cssVar('--bd-muted', '#666');
    const border = cssVar('--bd-border', '#ddd');
    const dates = dateFormats(localLanguage, monthly);
    const axis = {
      stroke: muted,
      grid: { stroke: border, width: 1 },
      ticks: { stroke: border, width: 1 },
      font: '12px system-ui, sans-serif',
    };
    const width = () => Math.max(240, element.clientWidth);
    const options: uPlot.Options = {
      width: width(),
      height,
      // Room on the right for the last day's label.
      padding: [12, 28, 0, 0],
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      legend: { show: true, live: true },
      scales: values.fromZero
        ? { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } }
        : { x: { time: true } },
      axes: [
        // Whole days only (1, 2, 7, 14 … apart): left to itself uPlot marks half days, and a week reads each date twice.
        { ...axis, ...(monthly ? {} : { incrs: DAY_STEPS }), values: (_u, splits) => splits.map((s) => dates.short.format(s * 1000)) },
        { ...axis, size: 56, values: (_u, splits) => splits.map((s) => values.axis(s, localLanguage)) },
      ],
      series: [
        { label: dayLabel, value: (_u, v) => (v == null ? '—' : dates.full.format(v * 1000)) },
        ...series.map((s) => {
          const stroke = cssVar(...TONES[s.tone]);
          return {
            label: s.label,
            stroke,
            width: s.main ? 2.5 : 1.5,
            ...(s.filled ? { fill: translucent(stroke, 0.18) } : {}),
            points: { show: days.length <= 45, size: s.main ? 5 : 4, fill: stroke },
            value: (_u: uPlot, v: number | null) => (v == null ? '—' : values.format(v, localLanguage)),
          };
        }),
      ],
    };
    const chart = new uPlot(options, [days.map(seconds), ...series.map((s) => [...s.values])], element);
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, series, values, dayLabel, monthly, height, color, mode, localLanguage]);
  return (
    <div
      ref={box}
      data-testid={testId}
      style={{ minHeight: height }}
      className={css({
        w: 'full',
        // The chart follows its box, never the other way round: a phone's page does not grow to the chart.
        minW: '0',
        maxW: 'full',
        overflow: 'hidden',
        '& .u-legend': { fontSize: 'sm', color: 'fg', textAlign: 'start' },
        '& .u-legend .u-marker': { borderRadius: 'full' },
      })}
    />
  );
}

/**
 * A chart of values per day as a figure: its caption (`summary · title`), the chart as one image
 * named by both, and the same numbers as a table for screen readers.
 */
export function DayChartFigure({
  title,
  summary,
  chartTestId,
  tableTestId,
  ...chart
}: DayChartProps & {
  /** What and when, e.g. "New leads per day, Oct 28 to Nov 26". */
  title: string;
  /** The total the chart adds up to. */
  summary: string;
  chartTestId: string;
  tableTestId: string;
}) {
  const { localLanguage } = useSnapshot(ui);
  const { full } = dateFormats(localLanguage, chart.monthly ?? false);
  return (
    <figure className={css({ display: 'flex', flexDir: 'column', gap: '2', m: '0' })}>
      <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {summary} · {title}
      </figcaption>
      <div role="img" aria-label={`${title}. ${summary}`}>
        <DayChart {...chart} testId={chartTestId} />
      </div>
      {/* Hidden in a box: a table ignores the 1 px width of srOnly and stretched a phone's page to 417 px. */}
      <div className={css({ srOnly: true })}>
        <table data-testid={tableTestId}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{chart.dayLabel}</th>
              {chart.series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.days.map((day, i) => (
              <tr key={day}>
                <td>{full.format(new Date(`${day}T00:00:00`))}</td>
                {chart.series.map((s) => (
                  <td key={s.label}>{chart.values.format(s.values[i] ?? 0, localLanguage)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
