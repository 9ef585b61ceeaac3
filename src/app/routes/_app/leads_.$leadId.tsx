import { createFileRoute } from '@tanstack/react-router';
import { LeadInvestmentsTab } from '../../features/investments/wealth-figures.tsx';
import { LeadPage } from '../../features/leads/lead-page.tsx';
import { LeadMoney } from '../../features/money/lead-money.tsx';
import { LeadOrdersTab } from '../../features/trading/desk/trading-figures.tsx';
import { LeadDocuments } from '../../features/verification/lead-documents.tsx';
import { LeadVaultTab } from '../../features/vault/lead-vault.tsx';

export const Route = createFileRoute('/_app/leads_/$leadId')({
  component: function Lead() {
    const { leadId } = Route.useParams();
    // A new lead id means a new page: no state carried over from the previous lead.
    return (
      <LeadPage
        key={leadId}
        leadId={leadId}
        documents={(lead, reload) => <LeadDocuments leadId={lead.id} onDecided={reload} />}
        money={<LeadMoney leadId={leadId} />}
        investments={<LeadInvestmentsTab leadId={leadId} />}
        vault={<LeadVaultTab leadId={leadId} />}
        orders={<LeadOrdersTab leadId={leadId} />}
      />
    );
  },
});
