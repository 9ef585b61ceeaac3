import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { mayDo } from '../../../shared/access.ts';
import { useOnline } from '../../api/online-only.ts';
import { toApiError } from '../../api/http.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { useFormKey } from '../../forms/form-key.ts';
import { formatMoney } from '../../i18n/format.ts';
import { usePersonLabel } from '../../lists/person-cell.tsx';
import { auth } from '../../state/auth.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import type { LeadPickerProps } from './offer-dialogs.tsx';
import { availableOf, purchaseFor } from './vault-api.ts';
import { productLabel } from './vault-cells.tsx';

/** The product as the catalogue's card and page hand it in (its Actions slot). */
export type BuyableProduct = { id: string; price: unknown; heldBy?: unknown; description?: unknown };

/** The chosen lead's available funds, named (CHECKLIST 2, 5): "Lena Lead (lena@…) has €449.50 available". */
function LeadFunds({ leadId, price }: { leadId: string; price: number }) {
  const { t } = useTranslation();
  const name = usePersonLabel(leadId);
  const funds = useFetch((signal) => availableOf(leadId, signal), [leadId]);
  if (funds.error) return <p className={css({ color: 'error', fontSize: 'sm' })}>{funds.error.message}</p>;
  if (funds.data === undefined || funds.data === null) return <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>…</p>;
  const short = funds.data < price;
  return (
    <p data-testid="lead-funds" className={css({ fontSize: 'sm', color: short ? 'error' : 'fg' })}>
      {t(short ? 'app.vault.buy.fundsShort' : 'app.vault.buy.funds', { name, amount: formatMoney(funds.data), price: formatMoney(price) })}
    </p>
  );
}

/**
 * "Buy for a lead" (DESIGN.md §12): staff pick a lead (searched as one types), see its available funds
 * named beside the price, and buy with the price on the button. Online only; a refusal (already held,
 * not enough funds) shows in the dialog in the reader's words, prefixed 'Product purchase failed'.
 */
export function BuyForLead({
  product,
  LeadPicker,
  onDone,
}: {
  product: BuyableProduct;
  LeadPicker: ComponentType<LeadPickerProps>;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const roles = useSnapshot(auth).user?.roles ?? [];
  const online = useOnline();
  const key = useFormKey();
  const [open, setOpen] = useState(false);
  const [lead, setLead] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const holder = usePersonLabel(product.heldBy ?? undefined);
  const price = Number(product.price ?? 0);
  if (!mayDo(roles, 'product.purchase')) return null;
  if (product.heldBy)
    return (
      <span data-testid="held-by" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t('app.vault.buy.heldBy', { name: holder })}
      </span>
    );
  async function buy() {
    if (!lead) {
      setError(t('validation.leadRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await purchaseFor(product.id, lead, key.current());
      key.renew();
      showToast(t('app.vault.buy.done', { price: formatMoney(price) }), 'success');
      setOpen(false);
      onDone?.();
    } catch (cause) {
      setError(t('app.vault.buy.failed', { error: toApiError(cause).message }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} disabled={!online} data-testid="buy-for-lead">
        {t('app.vault.buy.open')}
      </Button>
      {open ? (
        <Dialog
          open
          onOpenChange={(next) => !next && setOpen(false)}
          title={t('app.vault.buy.title', { product: productLabel(product, t('app.vault.unknownProduct')) })}
          description={t('app.vault.buy.explain', { price: formatMoney(price) })}
        >
          <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })} data-testid="buy-dialog">
            <OfflineNote text={t('app.vault.onlineOnly')} />
            <LeadPicker label={t('app.vault.buy.lead')} name="userId" value={lead} onChange={(id) => (setLead(id), setError(null))} />
            {lead ? <LeadFunds leadId={lead} price={price} /> : null}
            {error ? (
              <p role="alert" className={css({ color: 'error', fontSize: 'sm' })} data-testid="buy-error">
                {error}
              </p>
            ) : null}
            <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('app.common.cancel')}
              </Button>
              <Button onClick={() => void buy()} loading={busy} disabled={!online} data-testid="buy-confirm">
                {t('app.vault.buy.submit', { price: formatMoney(price) })}
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
