import { css } from '../../../styled-system/css';

export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
      <span
        aria-hidden
        className={css({
          w: '4',
          h: '4',
          borderRadius: 'full',
          borderWidth: '2px',
          borderColor: 'border',
          borderTopColor: 'primary',
          animation: 'spin 0.8s linear infinite',
        })}
      />
      {label}
    </span>
  );
}
