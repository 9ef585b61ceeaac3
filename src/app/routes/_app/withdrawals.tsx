import { createFileRoute } from '@tanstack/react-router';
import { WithdrawalsScreen } from '../../features/money/withdrawals-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/withdrawals')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Withdrawals() {
    const navigate = Route.useNavigate();
    return <WithdrawalsScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
