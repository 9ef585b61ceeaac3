import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isStaff } from '../../../shared/roles.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { useRecord } from '../../data/use-records.ts';
import { formatDate, formatDateTime, formatMoney } from '../../i18n/format.ts';
import { usePersonLabel } from '../../lists/person-cell.tsx';
import { auth } from '../../state/auth.ts';
import { DetailDialog, type Fact } from '../../ui/detail-dialog.tsx';
import { Gain, HoldingStatusBadge, OfferStatusBadge, ProductName, productLabel } from './vault-cells.tsx';

const when = (value: unknown) => (value ? formatDateTime(String(value)) : '—');
/** A moment and, to staff, who acted then ("27 Nov 2026, 10:02 · Rémi Regular"). */
const byWhom = (at: unknown, person: string | null) => (at ? `${when(at)}${person ? ` · ${person}` : ''}` : '—');

/** The product's words for a title, read from the mirror. */
function useProductTitle(id: unknown): string {
  const { t } = useTranslation();
  const { record } = useRecord('product', String(id ?? ''));
  return productLabel(record, t('app.vault.unknownProduct'));
}

/**
 * An offer's details (CHECKLIST 8): for whom, on what, how much against the purchase price, its status
 * (expired by date), who made it and who released it to the lead and when (staff only: a lead is not
 * told staff members' names), when it was answered, who declined or withdrew it and why, until when
 * it runs and where it came from.
 */
export function OfferDetail({ offer, now, onClose }: { offer: EntityRecord; now: number; onClose: () => void }) {
  const { t } = useTranslation();
  const staff = isStaff(useSnapshot(auth).user?.roles ?? []);
  const field = (name: string) => t(`app.entities.offer.fields.${name}`);
  const lead = usePersonLabel(offer.userId);
  const maker = usePersonLabel(offer.createdBy);
  const releaser = usePersonLabel(offer.releasedBy);
  const decider = usePersonLabel(offer.decidedBy);
  const product = useProductTitle(offer.productId);
  const facts: Fact[] = [
    ...(staff ? ([[field('userId'), lead]] as Fact[]) : []),
    [field('productId'), <ProductName key="product" id={offer.productId} />],
    [field('amount'), formatMoney(Number(offer.amount ?? 0))],
    [field('productPrice'), formatMoney(Number(offer.productPrice ?? 0))],
    [field('gain'), <Gain key="gain" value={offer.gain} />],
    [field('status'), <OfferStatusBadge key="status" offer={offer} now={now} />],
    [t('app.vault.detail.made'), byWhom(offer.dateCreation, staff && offer.createdBy ? maker : null)],
    [t('app.vault.detail.released'), byWhom(offer.releasedAt, staff && offer.releasedBy ? releaser : null)],
    [field('decidedAt'), when(offer.decidedAt)],
    // Ended without a sale: who declined or withdrew it (to staff) and why.
    ...(offer.decidedBy && staff ? ([[t('app.vault.detail.endedBy'), decider]] as Fact[]) : []),
    ...(offer.decisionReason ? ([[t('app.vault.detail.reason'), String(offer.decisionReason)]] as Fact[]) : []),
    [field('expirationDate'), offer.expirationDate ? formatDate(String(offer.expirationDate)) : '—'],
    [field('origin'), String(offer.origin ?? '') || '—'],
  ];
  return (
    <DetailDialog
      title={t('app.vault.detail.offerTitle', { amount: formatMoney(Number(offer.amount ?? 0)), product })}
      facts={facts}
      testId="offer-detail"
      onClose={onClose}
    />
  );
}

/**
 * A holding's details (CHECKLIST 8): whose vault, which product, bought when, by whom (staff only) and
 * at what price; sold when, for how much, the gain, and the accepted offer that sold it.
 */
export function HoldingDetail({ holding, onClose }: { holding: EntityRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const staff = isStaff(useSnapshot(auth).user?.roles ?? []);
  const field = (name: string) => t(`app.entities.holding.fields.${name}`);
  const lead = usePersonLabel(holding.userId);
  const buyer = usePersonLabel(holding.purchasedBy);
  const product = useProductTitle(holding.productId);
  const sold = holding.status === 'sold';
  const facts: Fact[] = [
    ...(staff ? ([[field('userId'), lead]] as Fact[]) : []),
    [field('productId'), <ProductName key="product" id={holding.productId} />],
    [field('status'), <HoldingStatusBadge key="status" status={holding.status} />],
    [field('dateCreation'), byWhom(holding.dateCreation, staff && holding.purchasedBy ? buyer : null)],
    [field('purchasePrice'), formatMoney(Number(holding.purchasePrice ?? 0))],
    ...(sold
      ? ([
          [field('soldAt'), when(holding.soldAt)],
          [field('saleAmount'), formatMoney(Number(holding.saleAmount ?? 0))],
          [field('gain'), <Gain key="gain" value={holding.gain} />],
          [field('offerId'), String(holding.offerId ?? '—')],
        ] as Fact[])
      : []),
  ];
  return <DetailDialog title={product} facts={facts} testId="holding-detail" onClose={onClose} />;
}
