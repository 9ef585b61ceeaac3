import { css } from '../../../styled-system/css';
import { useOnline } from '../api/online-only.ts';
import { Icon } from './icons.tsx';

/**
 * Said before anyone types, on the screens of online-only flows (DESIGN.md §7: login, uploads…):
 * shown only while the browser has no connection.
 */
export function OfflineNote({ text }: { text: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      data-testid="offline-note"
      className={css({
        display: 'flex',
        gap: '2',
        alignItems: 'start',
        fontSize: 'sm',
        bg: 'warning.subtle',
        color: 'fg',
        borderWidth: '1px',
        borderColor: 'warning',
        borderRadius: 'md',
        px: '3',
        py: '2',
      })}
    >
      <Icon name="cloudOff" size={16} className={css({ flexShrink: 0, mt: '0.5' })} />
      <span>{text}</span>
    </p>
  );
}
