import { createFileRoute } from '@tanstack/react-router';
import { CashFlowScreen } from '../../features/money/cash-flow-screen.tsx';

export const Route = createFileRoute('/_app/cash-flow')({ component: CashFlowScreen });
