import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

const tileStyle = css({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  p: '3',
  display: 'flex',
  flexDir: 'column',
  gap: '0.5',
  minW: '0',
});

/** A figure of any size stays whole: it wraps inside its tile rather than being cut (CHECKLIST item 4). */
const valueStyle = css({ fontSize: 'lg', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere', lineHeight: 'tight' });
const noteStyle = css({ fontSize: 'xs', color: 'fg.muted' });

/** One figure of a stats panel: what it counts, the figure, and a line under it (a count, a period). */
export function StatTile({ stat, label, value, sub }: { stat: string; label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className={tileStyle} data-stat={stat}>
      <span className={noteStyle}>{label}</span>
      <strong className={valueStyle}>{value}</strong>
      {sub ? <span className={noteStyle}>{sub}</span> : null}
    </div>
  );
}

/** Tiles side by side, as many as fit, one per row on the narrowest phone. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))' })}>
      {children}
    </div>
  );
}
