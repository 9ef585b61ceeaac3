import { createFileRoute } from '@tanstack/react-router';
import { InvestmentPage } from '../../features/investments/investment-page.tsx';

export const Route = createFileRoute('/_app/investments_/$investmentId')({
  component: function Investment() {
    const { investmentId } = Route.useParams();
    // A new id means a new page: no state carried over from the previous investment.
    return <InvestmentPage key={investmentId} investmentId={investmentId} />;
  },
});
