import { createFileRoute } from '@tanstack/react-router';
import { InvestmentsScreen } from '../../features/investments/investments-screen.tsx';
import { LeadPicker } from '../../features/money/lead-picker.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/investments')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Investments() {
    const navigate = Route.useNavigate();
    return (
      <InvestmentsScreen
        state={Route.useSearch()}
        onStateChange={(search) => void navigate({ search, replace: true })}
        LeadPicker={LeadPicker}
      />
    );
  },
});
