import { toCents } from '../../shared/money.ts';
import { transfer, type LedgerWork } from '../money/index.ts';

/** The cause of a purchase's debit: once per holding. */
export const purchaseCause = (holdingId: string) => ({ sourceEntity: 'holding', sourceId: holdingId, kind: 'purchase' });

/** The causes of a sale's two transfers: once per offer each. */
export const saleCauses = (offerId: string) => ({
  vault: { sourceEntity: 'offer', sourceId: offerId, kind: 'sale' },
  credit: { sourceEntity: 'offer', sourceId: offerId, kind: 'sale-credit' },
});

/**
 * A product bought for a lead (DESIGN.md §6): its price from the lead's available funds into its vault
 * (422 INSUFFICIENT_FUNDS when it is not there). The purchase route and the demo seed book with it.
 */
export const bookPurchase = (work: LedgerWork, holding: { id: string; userId: string; purchasePrice: number }) =>
  transfer(work, {
    from: { lead: holding.userId, kind: 'available' },
    to: { lead: holding.userId, kind: 'vault' },
    amountCents: toCents(holding.purchasePrice),
    cause: purchaseCause(holding.id),
  });

/**
 * An accepted offer's sale (DESIGN.md §6): the purchase price vault → house `sales`, then the offer's
 * amount `sales` → available (nothing for an offer of 0). The accept action and the demo seed book with it.
 */
export async function bookSale(work: LedgerWork, sale: { offerId: string; userId: string; purchasePrice: number; amount: number }) {
  const causes = saleCauses(sale.offerId);
  await transfer(work, {
    from: { lead: sale.userId, kind: 'vault' },
    to: { house: 'sales' },
    amountCents: toCents(sale.purchasePrice),
    cause: causes.vault,
  });
  if (toCents(sale.amount) > 0)
    await transfer(work, {
      from: { house: 'sales' },
      to: { lead: sale.userId, kind: 'available' },
      amountCents: toCents(sale.amount),
      cause: causes.credit,
    });
}
