import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { ui } from '../../state/ui.ts';
import type { TrendPoint } from '../../api/lead-api.ts';
import type { Bucket } from '../../../shared/calendar.ts';

const HEIGHT = 260;

/** A date of the server's trend (`YYYY-MM-DD`, the caller's day) as seconds at local midnight. */
const seconds = (date: string) => new Date(`${date}T00:00:00`).getTime() / 1000;

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** A translucent fill of the theme colour (canvas does not take color-mix()). */
function translucent(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return `rgba(128, 128, 128, ${alpha})`;
  const n = Number.parseInt(match[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * New leads per day (week, month), drawn by uPlot (canvas, light and fast): colours from the theme's variables,
 * day labels in the local language, redrawn on theme or language change and on resize.
 */
export function TrendChart({
  data,
  bucket,
  seriesLabel,
  dayLabel,
}: {
  data: readonly TrendPoint[];
  /** What one point counts: a day, a week (from its Monday) or a month. */
  bucket: Bucket;
  seriesLabel: string;
  dayLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { color, mode, localLanguage } = useSnapshot(ui);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const primary = cssVar('--bd-primary') || '#6d28d9';
    const muted = cssVar('--bd-muted') || '#666';
    const border = cssVar('--bd-border') || '#ddd';
    const monthly = bucket === 'month';
    const day = new Intl.DateTimeFormat(localLanguage, monthly ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' });
    const full = new Intl.DateTimeFormat(localLanguage, monthly ? { month: 'long', year: 'numeric' } : { dateStyle: 'medium' });
    const integer = new Intl.NumberFormat(localLanguage, { maximumFractionDigits: 0 });
    const axis = {
      stroke: muted,
      grid: { stroke: border, width: 1 },
      ticks: { stroke: border, width: 1 },
      font: '12px system-ui, sans-serif',
    };
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height: HEIGHT,
      // Room on the right for the last day's label.
      padding: [12, 28, 0, 0],
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      legend: { show: true, live: true },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
      axes: [
        { ...axis, values: (_u, splits) => splits.map((s) => day.format(s * 1000)) },
        { ...axis, size: 44, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? integer.format(s) : '')) },
      ],
      series: [
        { label: dayLabel, value: (_u, v) => (v == null ? '—' : full.format(v * 1000)) },
        {
          label: seriesLabel,
          stroke: primary,
          width: 2,
          fill: translucent(primary, 0.18),
          points: { show: data.length <= 45, size: 5, fill: primary },
          value: (_u, v) => (v == null ? '—' : integer.format(v)),
        },
      ],
    };
    const chart = new uPlot(options, [data.map((p) => seconds(p.date)), data.map((p) => p.count)], element);
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [data, bucket, seriesLabel, dayLabel, color, mode, localLanguage]);
  return (
    <div
      ref={box}
      data-testid="lead-trend-chart"
      className={css({
        w: 'full',
        // The chart follows its box, never the other way round: a phone's page does not grow to the chart.
        minW: '0',
        maxW: 'full',
        overflow: 'hidden',
        minH: '64',
        '& .u-legend': { fontSize: 'sm', color: 'fg', textAlign: 'start' },
        '& .u-legend .u-marker': { borderRadius: 'full' },
      })}
    />
  );
}
