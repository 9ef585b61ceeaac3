import { createFileRoute } from '@tanstack/react-router';
import { AdjustmentsScreen } from '../../features/money/adjustments-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/adjustments')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Adjustments() {
    const navigate = Route.useNavigate();
    return <AdjustmentsScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
