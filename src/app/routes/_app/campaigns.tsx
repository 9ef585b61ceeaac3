import { createFileRoute } from '@tanstack/react-router';
import { CampaignsScreen } from '../../features/campaigns/campaigns-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/campaigns')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Campaigns() {
    const navigate = Route.useNavigate();
    return <CampaignsScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
