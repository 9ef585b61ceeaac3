import { useTranslation } from 'react-i18next';
import { Badge } from './badge.tsx';

const VERIFICATION_TONE = { uninitialized: 'neutral', pending: 'warning', verified: 'success', rejected: 'error' } as const;

/** Verification state of a lead: not started, pending, verified, rejected (SPEC.md §4). */
export function VerificationBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const value = typeof status === 'string' && status in VERIFICATION_TONE ? (status as keyof typeof VERIFICATION_TONE) : 'uninitialized';
  return <Badge tone={VERIFICATION_TONE[value]}>{t(`app.options.verificationStatus.${value}`)}</Badge>;
}

export function StatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const locked = status === 'locked';
  return <Badge tone={locked ? 'error' : 'success'}>{t(`app.options.status.${locked ? 'locked' : 'active'}`)}</Badge>;
}
