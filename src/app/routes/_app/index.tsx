import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen.tsx';

export const Route = createFileRoute('/_app/')({ component: DashboardScreen });
