import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { auth } from '../../state/auth.ts';
import { Button } from '../../ui/button.tsx';

/**
 * A lead's way to a withdrawal (CHECKLIST 1): the button only when the server would take the request
 * (a verified lead); otherwise why not, and where to get verified, instead of a refusal after typing.
 */
export function WithdrawEntry({ onOpen, variant }: { onOpen: () => void; variant?: 'outline' }) {
  const { t } = useTranslation();
  const status = useSnapshot(auth).user?.verificationStatus;
  if (status === 'verified')
    return (
      <Button variant={variant} onClick={onOpen}>
        {t('app.money.withdraw.open')}
      </Button>
    );
  return (
    <p className={css({ fontSize: 'sm', color: 'fg.muted', maxW: '28rem' })} data-testid="withdraw-not-verified">
      {t(status === 'pending' ? 'app.money.withdraw.pendingVerification' : 'app.money.withdraw.notVerified')}{' '}
      <Link to="/verification" className={css({ color: 'primary', textDecoration: 'underline' })}>
        {t('app.money.withdraw.getVerified')}
      </Link>
    </p>
  );
}
