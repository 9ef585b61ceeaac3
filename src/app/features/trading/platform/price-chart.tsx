import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { css } from '../../../../../styled-system/css';
import { toApiError } from '../../../api/http.ts';
import { ui } from '../../../state/ui.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { symbolSpec } from '../../../../shared/trading/symbols.ts';
import { onQuoteTick } from '../api/live-quotes.ts';
import { loadCandles } from '../api/prices.ts';
import { candleAfterTick, chartCandle, type ChartCandle } from '../api/quote-math.ts';

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** The chart's colours from the theme's variables, read when the look changes (light, dark, a colour). */
function look() {
  return {
    layout: {
      background: { type: 'solid', color: cssVar('--bd-surface', '#ffffff') },
      textColor: cssVar('--bd-muted', '#555555'),
    },
    grid: { vertLines: { color: cssVar('--bd-border', '#e5e5e5') }, horzLines: { color: cssVar('--bd-border', '#e5e5e5') } },
    up: cssVar('--bd-success', '#15803d'),
    down: cssVar('--bd-error', '#b91c1c'),
  } as const;
}

/** Candles shown at first: an hour and a half of minutes. */
const VISIBLE_BARS = 90;

const toData = (candle: ChartCandle): CandlestickData<UTCTimestamp> => ({ ...candle, time: candle.time as UTCTimestamp });

/**
 * The chosen symbol's 1-minute candlesticks (lightweight-charts, loaded with the platform only): the
 * last days from GET /price/:symbol/candles, then each tick moves the last candle or opens the next.
 * Offline it says the chart needs a connection (candles are not mirrored).
 */
export function PriceChart({ symbol, online }: { symbol: string; online: boolean }) {
  const { t } = useTranslation();
  const { mode, color } = useSnapshot(ui);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; series: ISeriesApi<'Candlestick'> } | null>(null);
  const [status, setStatus] = useState<'loading' | 'drawn' | 'failed' | 'offline'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) {
      setStatus('offline');
      return;
    }
    const element = box.current;
    if (!element) return;
    const controller = new AbortController();
    let removeTick: (() => void) | undefined;
    let made: IChartApi | undefined;
    setStatus('loading');
    const digits = symbolSpec(symbol)?.digits ?? 5;
    void Promise.all([import('lightweight-charts'), loadCandles(symbol, controller.signal)])
      .then(([charts, candles]) => {
        if (controller.signal.aborted) return;
        const colors = look();
        made = charts.createChart(element, {
          autoSize: true,
          layout: {
            background: { type: charts.ColorType.Solid, color: colors.layout.background.color },
            textColor: colors.layout.textColor,
          },
          grid: colors.grid,
          timeScale: { timeVisible: true, secondsVisible: false },
          localization: { locale: ui.localLanguage },
        });
        const series = made.addSeries(charts.CandlestickSeries, {
          upColor: colors.up,
          downColor: colors.down,
          wickUpColor: colors.up,
          wickDownColor: colors.down,
          borderVisible: false,
          priceFormat: { type: 'price', precision: digits, minMove: 10 ** -digits },
        });
        const drawn = candles.map(chartCandle);
        series.setData(drawn.map(toData));
        // The last hour and a half, readable on a phone; the rest by scrolling back.
        made.timeScale().setVisibleLogicalRange({ from: Math.max(0, drawn.length - VISIBLE_BARS), to: drawn.length + 2 });
        chart.current = { api: made, series };
        let last = drawn.at(-1);
        removeTick = onQuoteTick((quote) => {
          if (quote.symbol !== symbol) return;
          const next = candleAfterTick(last, quote);
          if (!next) return;
          last = next;
          series.update(toData(next));
        });
        setStatus('drawn');
      })
      .catch((cause: unknown) => {
        if (controller.signal.aborted) return;
        setError(toApiError(cause).message);
        setStatus('failed');
      });
    return () => {
      controller.abort();
      removeTick?.();
      made?.remove();
      chart.current = null;
    };
  }, [symbol, online]);

  // A new look (light or dark, another colour) repaints the chart in it.
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const colors = look();
    current.api.applyOptions({
      layout: { background: { color: colors.layout.background.color }, textColor: colors.layout.textColor },
      grid: colors.grid,
    });
    current.series.applyOptions({ upColor: colors.up, downColor: colors.down, wickUpColor: colors.up, wickDownColor: colors.down });
  }, [mode, color, status]);

  return (
    <figure
      className={css({ position: 'relative', m: 0 })}
      aria-label={t('app.platform.chart.label', { symbol })}
      data-testid="price-chart"
      data-status={status}
    >
      <div ref={box} className={css({ h: { base: '260px', md: '380px' }, w: '100%' })} />
      {status === 'loading' ? (
        <div className={css({ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' })}>
          <Spinner label={t('app.platform.chart.loading')} />
        </div>
      ) : null}
      {status === 'offline' || status === 'failed' ? (
        <p
          role="status"
          className={css({
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            p: '4',
            textAlign: 'center',
            color: 'fg.muted',
            fontSize: 'sm',
          })}
        >
          {status === 'offline' ? t('app.platform.chart.offline') : t('app.platform.chart.failed', { error: error ?? '' })}
        </p>
      ) : null}
      <figcaption className={css({ srOnly: true })}>{t('app.platform.chart.caption', { symbol })}</figcaption>
    </figure>
  );
}
