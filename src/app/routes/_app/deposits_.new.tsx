import { createFileRoute } from '@tanstack/react-router';
import { DepositWizard } from '../../features/money/deposit-wizard.tsx';

/** `?resume=<id>`: a deposit awaiting its 3-D Secure code, taken up again (reload, the deposits list, home). */
export const Route = createFileRoute('/_app/deposits_/new')({
  validateSearch: (search: Record<string, unknown>): { resume?: string } =>
    typeof search.resume === 'string' && search.resume ? { resume: search.resume } : {},
  component: DepositWizard,
});
