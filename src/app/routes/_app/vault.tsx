import { createFileRoute } from '@tanstack/react-router';
import { LeadPicker } from '../../features/money/lead-picker.tsx';
import { VaultScreen } from '../../features/vault/vault-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/vault')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Vault() {
    const navigate = Route.useNavigate();
    return (
      <VaultScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} LeadPicker={LeadPicker} />
    );
  },
});
