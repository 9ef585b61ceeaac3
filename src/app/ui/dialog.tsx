import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css } from '../../../styled-system/css';
import { Button } from './button.tsx';
import { Icon } from './icons.tsx';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
};

export function Dialog({ open, onOpenChange, title, description, children, footer, role = 'dialog' }: DialogProps) {
  const { t } = useTranslation();
  return (
    <ArkDialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} role={role} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Backdrop className={css({ position: 'fixed', inset: '0', bg: 'rgba(8, 10, 14, 0.55)', zIndex: 40 })} />
        <ArkDialog.Positioner className={css({ position: 'fixed', inset: '0', display: 'grid', placeItems: 'center', zIndex: 41, p: '4' })}>
          <ArkDialog.Content
            className={css({
              bg: 'surface',
              color: 'fg',
              borderRadius: 'lg',
              boxShadow: '2xl',
              w: 'full',
              maxW: 'lg',
              maxH: '90vh',
              overflowY: 'auto',
              p: 'pad',
              display: 'flex',
              flexDir: 'column',
              gap: 'gap',
            })}
          >
            <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: '4' })}>
              <ArkDialog.Title className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{title}</ArkDialog.Title>
              <ArkDialog.CloseTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={t('app.common.close')}>
                  <Icon name="close" />
                </Button>
              </ArkDialog.CloseTrigger>
            </div>
            {description ? <ArkDialog.Description className={css({ color: 'fg.muted' })}>{description}</ArkDialog.Description> : null}
            {children}
            {footer ? (
              <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', flexWrap: 'wrap' })}>{footer}</div>
            ) : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  danger?: boolean;
  busy?: boolean;
};

/** Every destructive or money action asks first (SPEC.md §4: accept/decline are confirmed). */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, danger, busy }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('app.common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'solid'} loading={busy} onClick={() => void onConfirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
