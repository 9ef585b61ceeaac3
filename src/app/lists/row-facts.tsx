import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

const lineStyle = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', minW: 0 });
const cut = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: 0 } as const;

/**
 * A record as a stacked row on a phone (CHECKLIST item 4), two lines and nothing off to the right:
 * what it is and its figure; then who, when or why (muted) and its status. Long words are cut with
 * an ellipsis, never the figure.
 */
export function RowFacts({
  title,
  figure,
  meta,
  status,
  testId,
}: {
  title: ReactNode;
  figure: ReactNode;
  meta: ReactNode;
  status?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1', minW: 0, w: 'full' })} data-testid={testId}>
      <div className={lineStyle}>
        <span className={css({ ...cut, fontWeight: 'medium' })}>{title}</span>
        <strong className={css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>{figure}</strong>
      </div>
      <div className={lineStyle}>
        <span className={css({ ...cut, fontSize: 'xs', color: 'fg.muted' })}>{meta}</span>
        {status}
      </div>
    </div>
  );
}
