import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { auth, isImpersonating } from '../../state/auth.ts';
import { Button } from '../../ui/button.tsx';
import { stopImpersonating } from '../session/session.ts';

/** While an admin acts as someone else, this says so and offers the way back (SPEC.md §6). */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useSnapshot(auth);
  if (!isImpersonating(state)) return null;
  const name = [state.user?.firstName, state.user?.lastName].filter(Boolean).join(' ') || state.user?.email;
  return (
    <div role="region" aria-label={t('app.impersonation.label')} className={css({ bg: 'warning', color: 'onTone', px: '4', py: '2', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '3', flexWrap: 'wrap', fontSize: 'sm', fontWeight: 'medium' })}>
      <span>{t('app.impersonation.text', { name })}</span>
      {state.previousToken ? (
        <Button
          size="sm"
          variant="outline"
          data-testid="stop-impersonating"
          onClick={() => void stopImpersonating().then(() => navigate({ to: '/' }))}
        >
          {t('app.impersonation.back')}
        </Button>
      ) : null}
    </div>
  );
}
