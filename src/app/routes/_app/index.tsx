import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen.tsx';
import { MoneyFigures } from '../../features/money/money-figures.tsx';

export const Route = createFileRoute('/_app/')({ component: () => <DashboardScreen funds={<MoneyFigures />} /> });
