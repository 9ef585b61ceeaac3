import { createFileRoute } from '@tanstack/react-router';
import { DepositWizard } from '../../features/money/deposit-wizard.tsx';

export const Route = createFileRoute('/_app/deposits_/new')({ component: DepositWizard });
