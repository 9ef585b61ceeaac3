import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Dialog } from './dialog.tsx';

/** One line of a record's details: its label and what it says. */
export type Fact = [label: string, value: ReactNode];

/**
 * A record's details (CHECKLIST 8: who entered it, who approved it and when, its references) as label
 * and value pairs in a dialog; the value column wraps long names and ids rather than scroll on a phone.
 */
export function DetailDialog({ title, facts, testId, onClose }: { title: string; facts: Fact[]; testId: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <dl
        data-testid={testId}
        className={css({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: '4', rowGap: '2', fontSize: 'sm' })}
      >
        {facts.map(([label, value]) => (
          <div key={label} className={css({ display: 'contents' })}>
            <dt className={css({ color: 'fg.muted' })}>{label}</dt>
            <dd className={css({ overflowWrap: 'anywhere' })}>{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
