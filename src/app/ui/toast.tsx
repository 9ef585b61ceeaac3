import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { css, cva } from '../../../styled-system/css';
import { hideToast, ui } from '../state/ui.ts';
import { Icon } from './icons.tsx';

const toastRecipe = cva({
  base: {
    position: 'fixed',
    insetInlineEnd: '4',
    bottom: '4',
    zIndex: 70,
    maxW: 'sm',
    display: 'flex',
    alignItems: 'start',
    gap: '3',
    px: '4',
    py: '3',
    borderRadius: 'md',
    boxShadow: 'xl',
    bg: 'surface',
    color: 'fg',
    borderWidth: '1px',
    borderInlineStartWidth: '4px',
  },
  variants: {
    type: {
      info: { borderColor: 'info' },
      success: { borderColor: 'success' },
      warning: { borderColor: 'warning' },
      error: { borderColor: 'error' },
    },
  },
});

/** Renders the one toast of the ui store (SPEC.md §3 toast {message, type, visible}). */
export function ToastViewport() {
  const { toast } = useSnapshot(ui);
  const { t } = useTranslation();
  return (
    <div aria-live={toast.type === 'error' ? 'assertive' : 'polite'} role={toast.type === 'error' ? 'alert' : 'status'}>
      {toast.visible ? (
        <div className={toastRecipe({ type: toast.type })} data-testid="toast" data-type={toast.type}>
          <span className={css({ flex: '1', fontSize: 'sm' })}>{toast.message}</span>
          <button
            type="button"
            onClick={hideToast}
            aria-label={t('app.common.close')}
            className={css({ cursor: 'pointer', color: 'fg.muted', _hover: { color: 'fg' } })}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
