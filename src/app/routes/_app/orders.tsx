import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { isLeadOnly } from '../../../shared/roles.ts';
import { LeadPicker } from '../../features/money/lead-picker.tsx';
import { OrderDeskScreen } from '../../features/trading/desk/order-desk-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';
import { auth } from '../../state/auth.ts';

/** The order desk for staff (DESIGN.md §13); a lead's orders are its platform. */
export const Route = createFileRoute('/_app/orders')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function Orders() {
    const navigate = Route.useNavigate();
    const search = Route.useSearch();
    const roles = useSnapshot(auth).user?.roles ?? [];
    if (isLeadOnly(roles)) return <Navigate to="/platform" replace />;
    return (
      <OrderDeskScreen state={search} onStateChange={(next) => void navigate({ search: next, replace: true })} LeadPicker={LeadPicker} />
    );
  },
});
