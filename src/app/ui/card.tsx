import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

const cardStyle = css({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  p: 'pad',
  display: 'flex',
  flexDir: 'column',
  gap: 'gap',
});

export function Card({ title, actions, children }: { title?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={cardStyle} aria-label={typeof title === 'string' ? title : undefined}>
      {title || actions ? (
        // Actions wrap below the title when both do not fit (a phone, longer words in fr and de).
        <header className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap' })}>
          {title ? <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{title}</h2> : <span />}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div
      className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 'gap', flexWrap: 'wrap', mb: 'gap' })}
    >
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', _compact: { fontSize: 'xl' } })}>{title}</h1>
      {actions ? <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>{actions}</div> : null}
    </div>
  );
}
