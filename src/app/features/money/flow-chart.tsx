import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { ui } from '../../state/ui.ts';

const HEIGHT = 280;

export type FlowSeries = { label: string; values: number[]; tone: 'success' | 'error' | 'primary' };

/** A day (`YYYY-MM-DD`, the caller's) as seconds at local midnight. */
const seconds = (date: string) => new Date(`${date}T00:00:00`).getTime() / 1000;
const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * Money per day (deposits, withdrawals, net flow) drawn by uPlot: euros on the axis and the legend
 * in the local language, colours from the theme, redrawn on theme, language and size changes.
 */
export function FlowChart({ days, series, dayLabel }: { days: readonly string[]; series: readonly FlowSeries[]; dayLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { color, mode, localLanguage } = useSnapshot(ui);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const muted = cssVar('--bd-muted', '#666');
    const border = cssVar('--bd-border', '#ddd');
    const tones = {
      success: cssVar('--bd-success', '#15803d'),
      error: cssVar('--bd-error', '#b91c1c'),
      primary: cssVar('--bd-primary', '#6d28d9'),
    };
    const day = new Intl.DateTimeFormat(localLanguage, { day: 'numeric', month: 'short' });
    const full = new Intl.DateTimeFormat(localLanguage, { dateStyle: 'medium' });
    const euros = new Intl.NumberFormat(localLanguage, { style: 'currency', currency: 'EUR' });
    const compact = new Intl.NumberFormat(localLanguage, { notation: 'compact', maximumFractionDigits: 1 });
    const axis = {
      stroke: muted,
      grid: { stroke: border, width: 1 },
      ticks: { stroke: border, width: 1 },
      font: '12px system-ui, sans-serif',
    };
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height: HEIGHT,
      padding: [12, 28, 0, 0],
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      legend: { show: true, live: true },
      scales: { x: { time: true } },
      axes: [
        { ...axis, values: (_u, splits) => splits.map((s) => day.format(s * 1000)) },
        { ...axis, size: 56, values: (_u, splits) => splits.map((s) => compact.format(s)) },
      ],
      series: [
        { label: dayLabel, value: (_u, v) => (v == null ? '—' : full.format(v * 1000)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: tones[s.tone],
          width: s.tone === 'primary' ? 2.5 : 1.5,
          points: { show: days.length <= 45, size: 4, fill: tones[s.tone] },
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : euros.format(v)),
        })),
      ],
    };
    const chart = new uPlot(options, [days.map(seconds), ...series.map((s) => s.values)], element);
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, series, dayLabel, color, mode, localLanguage]);
  return (
    <div
      ref={box}
      data-testid="flow-chart"
      className={css({
        w: 'full',
        minH: '72',
        '& .u-legend': { fontSize: 'sm', color: 'fg', textAlign: 'start' },
        '& .u-legend .u-marker': { borderRadius: 'full' },
      })}
    />
  );
}
