import { createFileRoute } from '@tanstack/react-router';
import { ProductsScreen } from '../../features/catalogue/products-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

/** Products: the catalogue's screen; the vault hands its "Buy for a lead" in through `Actions`. */
export const Route = createFileRoute('/_app/products')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Products() {
    const navigate = Route.useNavigate();
    return <ProductsScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
