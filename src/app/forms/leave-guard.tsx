import { useRef, type ReactNode, type RefObject } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/dialog.tsx';

export type LeaveGuardOptions = {
  /** The form is half-done: leaving would lose what was entered. */
  when: boolean;
  /** Set to true just before the form navigates away itself (after it was sent), so that leaving does not ask. */
  leaving?: RefObject<boolean>;
  title?: string;
  description?: string;
  confirmLabel?: string;
};

/**
 * Leaving a half-done form asks first (CHECKLIST 6): a route change inside the app opens a confirmation
 * (render the returned `dialog`), and closing or reloading the tab asks the browser's own question.
 */
export function useLeaveGuard({ when, leaving, title, description, confirmLabel }: LeaveGuardOptions): { dialog: ReactNode } {
  const { t } = useTranslation();
  const whenRef = useRef(when);
  whenRef.current = when;
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => whenRef.current && !leaving?.current && current.pathname !== next.pathname,
    enableBeforeUnload: () => whenRef.current && !leaving?.current,
    withResolver: true,
  });
  const dialog =
    blocker.status === 'blocked' ? (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && blocker.reset()}
        title={title ?? t('app.leaveForm.title')}
        description={description ?? t('app.leaveForm.details')}
        confirmLabel={confirmLabel ?? t('app.leaveForm.confirm')}
        onConfirm={() => blocker.proceed()}
      />
    ) : null;
  return { dialog };
}
