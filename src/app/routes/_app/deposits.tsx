import { createFileRoute } from '@tanstack/react-router';
import { DepositsScreen } from '../../features/money/deposits-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/deposits')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Deposits() {
    const navigate = Route.useNavigate();
    return <DepositsScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
