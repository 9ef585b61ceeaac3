import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { isLeadOnly } from '../../../shared/roles.ts';
import { auth } from '../../state/auth.ts';
import { buttonRecipe } from '../../ui/button.tsx';
import { VerificationBadge } from '../../ui/person-badges.tsx';

/** Account settings, "document verification" (SPEC.md §2): a lead's own state; staff go to the pending reviews. */
export function VerificationSettingsTab() {
  const { t } = useTranslation();
  const { user } = useSnapshot(auth);
  if (user && isLeadOnly(user.roles)) {
    return (
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'start' })}>
        <VerificationBadge status={user.verificationStatus} />
        <p>{t(`app.documents.explain.${user.verificationStatus ?? 'uninitialized'}`, { note: user.verificationNote ?? '' })}</p>
        <Link to="/verification" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('app.dashboard.goVerification')}
        </Link>
      </div>
    );
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'start' })}>
      <p>{t('app.documents.staffText')}</p>
      <Link
        to="/leads"
        search={{ filters: [{ field: 'verificationStatus', values: ['pending'] }] }}
        className={buttonRecipe({ variant: 'outline', size: 'sm' })}
      >
        {t('app.documents.pendingReviews')}
      </Link>
    </div>
  );
}
