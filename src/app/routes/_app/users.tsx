import { createFileRoute } from '@tanstack/react-router';
import { StaffScreen } from '../../features/staff/staff-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/users')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Users() {
    const navigate = Route.useNavigate();
    return <StaffScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
