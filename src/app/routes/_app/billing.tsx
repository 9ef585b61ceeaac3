import { createFileRoute } from '@tanstack/react-router';
import { BillingScreen } from '../../features/money/billing-screen.tsx';

export const Route = createFileRoute('/_app/billing')({
  validateSearch: (search: Record<string, unknown>): { leadId?: string } =>
    typeof search.leadId === 'string' && search.leadId ? { leadId: search.leadId } : {},
  component: function Billing() {
    const navigate = Route.useNavigate();
    return (
      <BillingScreen
        leadId={Route.useSearch().leadId}
        onLeadChange={(leadId) => void navigate({ search: leadId ? { leadId } : {}, replace: true })}
      />
    );
  },
});
