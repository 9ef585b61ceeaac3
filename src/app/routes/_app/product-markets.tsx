import { createFileRoute } from '@tanstack/react-router';
import { MarketsScreen } from '../../features/catalogue/markets-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/product-markets')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function ProductMarkets() {
    const navigate = Route.useNavigate();
    return <MarketsScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
