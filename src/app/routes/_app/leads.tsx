import { createFileRoute } from '@tanstack/react-router';
import { UsersScreen } from '../../features/users/users-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/leads')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Leads() {
    const navigate = Route.useNavigate();
    return <UsersScreen kind="leads" state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
