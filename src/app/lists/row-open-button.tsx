import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

/** Reads as a link, wraps rather than being cut. */
const openStyle = css({
  color: 'primary',
  textDecoration: 'underline',
  cursor: 'pointer',
  textAlign: 'start',
  whiteSpace: 'normal',
  _hover: { textDecoration: 'none' },
});

/**
 * The cell that opens its row's record (its details, CHECKLIST 8): a button, so keyboards and touch
 * reach it (a row's double-click is only a shortcut), on a phone's stacked row as on a table's.
 */
export function RowOpenButton({ onOpen, testId, children }: { onOpen: () => void; testId: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={openStyle}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
