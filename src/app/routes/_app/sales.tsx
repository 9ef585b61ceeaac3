import { createFileRoute } from '@tanstack/react-router';
import { SalesScreen } from '../../features/vault/sales-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/sales')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Sales() {
    const navigate = Route.useNavigate();
    return <SalesScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
