import { css } from '../../../styled-system/css';

const barTrack = css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden', flex: '1', minW: '16' });

export type Bar = {
  key: string;
  label: string;
  /** The size of the bar; a negative one is drawn in the error colour, its length its size. */
  value: number;
  /** The figure written beside it ("€1,234.56 · 12 orders"). */
  text: string;
};

/**
 * A chart of a few named quantities as horizontal bars (profit by symbol, capital by frequency): each
 * bar's length against the largest, a loss in the error colour and with its sign in the text, every
 * figure written out, so the chart reads without the bars (screen readers, a phone, print).
 */
export function BarList({ caption, bars, testId }: { caption: string; bars: readonly Bar[]; testId?: string }) {
  const largest = Math.max(1e-9, ...bars.map((b) => Math.abs(b.value)));
  return (
    <figure className={css({ display: 'flex', flexDir: 'column', gap: '1.5', m: '0', minW: 0 })} data-testid={testId}>
      <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>{caption}</figcaption>
      {bars.map((bar) => (
        <div
          key={bar.key}
          data-bar={bar.key}
          className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm', flexWrap: 'wrap' })}
        >
          <span className={css({ w: '24', flexShrink: 0, overflow: 'hidden', textOverflow: 'ellipsis' })}>{bar.label}</span>
          <span className={barTrack} aria-hidden="true">
            <span
              className={css({ display: 'block', h: 'full', bg: bar.value < 0 ? 'error' : 'primary' })}
              style={{ width: `${(Math.abs(bar.value) / largest) * 100}%` }}
            />
          </span>
          <span className={css({ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' })}>{bar.text}</span>
        </div>
      ))}
    </figure>
  );
}
