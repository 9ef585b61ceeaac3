import { createFileRoute } from '@tanstack/react-router';
import { ProductsScreen } from '../../features/catalogue/products-screen.tsx';
import { LeadPicker } from '../../features/money/lead-picker.tsx';
import { BuyForLead, type BuyableProduct } from '../../features/vault/buy-for-lead.tsx';
import { parseListState } from '../../lists/list-state.ts';

/** The vault's "Buy for a lead" in a product's Actions slot, with the money feature's lead picker. */
export function BuyAction({ product, onDone }: { product: BuyableProduct; onDone?: () => void }) {
  return <BuyForLead product={product} LeadPicker={LeadPicker} onDone={onDone} />;
}

/** Products: the catalogue's screen; the vault hands its "Buy for a lead" in through `Actions`. */
export const Route = createFileRoute('/_app/products')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Products() {
    const navigate = Route.useNavigate();
    return (
      <ProductsScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} Actions={BuyAction} />
    );
  },
});
