import { createFileRoute } from '@tanstack/react-router';
import { PlatformScreen } from '../../features/trading/platform/platform-screen.tsx';

export const Route = createFileRoute('/_app/platform')({
  validateSearch: (search: Record<string, unknown>): { symbol?: string } =>
    typeof search.symbol === 'string' && search.symbol ? { symbol: search.symbol } : {},
  component: function Platform() {
    const navigate = Route.useNavigate();
    return <PlatformScreen symbol={Route.useSearch().symbol} onSymbol={(symbol) => void navigate({ search: { symbol }, replace: true })} />;
  },
});
