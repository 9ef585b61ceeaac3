import { createFileRoute } from '@tanstack/react-router';
import { TopCampaignsPanel } from '../../features/campaigns/top-campaigns-panel.tsx';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen.tsx';
import { WealthFigures } from '../../features/investments/wealth-figures.tsx';
import { MoneyFigures } from '../../features/money/money-figures.tsx';
import { TradingFigures } from '../../features/trading/desk/trading-figures.tsx';

export const Route = createFileRoute('/_app/')({
  component: function Dashboard() {
    return (
      <DashboardScreen campaigns={<TopCampaignsPanel />} funds={<MoneyFigures />} wealth={<WealthFigures />} trading={<TradingFigures />} />
    );
  },
});
