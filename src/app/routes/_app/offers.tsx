import { createFileRoute } from '@tanstack/react-router';
import { LeadPicker } from '../../features/money/lead-picker.tsx';
import { OffersScreen } from '../../features/vault/offers-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/offers')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Offers() {
    const navigate = Route.useNavigate();
    return (
      <OffersScreen
        state={Route.useSearch()}
        onStateChange={(search) => void navigate({ search, replace: true })}
        LeadPicker={LeadPicker}
      />
    );
  },
});
