import { createFileRoute } from '@tanstack/react-router';
import { LeadsScreen } from '../../features/leads/leads-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/leads')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Leads() {
    const navigate = Route.useNavigate();
    return <LeadsScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
