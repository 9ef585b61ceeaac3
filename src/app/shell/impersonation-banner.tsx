import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../styled-system/css';
import { auth, isImpersonating } from '../state/auth.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { stopImpersonating, unsentHere } from '../session/session.ts';

/** While an admin acts as someone else, this says so and offers the way back (SPEC.md §6). */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useSnapshot(auth);
  // Changes made as this person and not sent yet stay on the device: going back says so first.
  const [unsent, setUnsent] = useState<number | null>(null);
  if (!isImpersonating(state)) return null;
  const name = [state.user?.firstName, state.user?.lastName].filter(Boolean).join(' ') || state.user?.email;
  const goBack = () => {
    setUnsent(null);
    void stopImpersonating().then(() => navigate({ to: '/' }));
  };
  return (
    <div
      role="region"
      aria-label={t('app.impersonation.label')}
      className={css({
        bg: 'warning',
        color: 'onTone',
        px: '4',
        py: '2',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '3',
        flexWrap: 'wrap',
        fontSize: 'sm',
        fontWeight: 'medium',
      })}
    >
      <span>{t('app.impersonation.text', { name })}</span>
      {state.previousToken ? (
        <Button
          size="sm"
          variant="outline"
          data-testid="stop-impersonating"
          onClick={() =>
            void unsentHere()
              .catch(() => 0)
              .then((count) => (count > 0 ? setUnsent(count) : goBack()))
          }
        >
          {t('app.impersonation.back')}
        </Button>
      ) : null}
      {unsent !== null ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setUnsent(null)}
          title={t('app.impersonation.unsentTitle')}
          description={t('app.impersonation.unsent', { count: unsent, name })}
          confirmLabel={t('app.impersonation.backAnyway')}
          onConfirm={goBack}
        />
      ) : null}
    </div>
  );
}
