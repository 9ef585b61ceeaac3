import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { useRecord } from '../../data/use-records.ts';
import { formatMoney } from '../../i18n/format.ts';
import { Badge } from '../../ui/badge.tsx';
import { shownStatus } from './offer-state.ts';

/** A product by what describes it (its description's first line), never its id; '…' while it loads. */
export function productLabel(record: Record<string, unknown> | null | undefined, fallback: string): string {
  const text = String(record?.description ?? '')
    .split('\n')[0]
    .trim();
  return text ? (text.length > 60 ? `${text.slice(0, 57)}…` : text) : fallback;
}

export function ProductName({ id }: { id: unknown }) {
  const { t } = useTranslation();
  const { record, error } = useRecord('product', String(id ?? ''));
  if (error) return <span>{t('app.vault.unknownProduct')}</span>;
  return <span data-testid="product-name">{record ? productLabel(record, t('app.vault.unknownProduct')) : '…'}</span>;
}

const OFFER_TONES: Record<string, 'warning' | 'info' | 'success' | 'error' | 'neutral'> = {
  awaiting_release: 'warning',
  pending: 'info',
  accepted: 'success',
  rejected: 'neutral',
  expired: 'error',
};

/** An offer's status in words, `expired` by date as soon as it is past (SPEC.md §4). */
export function OfferStatusBadge({ offer, now }: { offer: Record<string, unknown>; now: number }) {
  const { t } = useTranslation();
  const status = shownStatus(offer, now);
  return (
    <span data-testid="offer-status" data-status={status}>
      <Badge tone={OFFER_TONES[status] ?? 'neutral'}>{t(`app.vault.offerStatus.${status}`)}</Badge>
    </span>
  );
}

export function HoldingStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  return <Badge tone={status === 'sold' ? 'success' : 'primary'}>{t(`app.vault.holdingStatus.${String(status)}`)}</Badge>;
}

/** A gain signed and coloured, with its sign in words for screen readers. */
export function Gain({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  const n = Number(value);
  return (
    <span
      data-testid="gain"
      className={css({ color: n > 0 ? 'success' : n < 0 ? 'error' : 'fg', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}
    >
      {n > 0 ? '+' : ''}
      {formatMoney(n)}
    </span>
  );
}
