import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { ListState } from '../../lists/list-state.ts';
import { Statement } from './billing-screen.tsx';
import { DepositsScreen } from './deposits-screen.tsx';
import { WithdrawalsScreen } from './withdrawals-screen.tsx';

/**
 * The money tab of a lead's page (DESIGN.md §13): its balances and statement as on the billing screen,
 * then its deposits and withdrawals, where staff enter a bank transfer or a withdrawal for it and
 * complete or fail them. The lists' filters live here, not in the page's URL.
 */
export function LeadMoney({ leadId }: { leadId: string }) {
  const [deposits, setDeposits] = useState<ListState>({});
  const [withdrawals, setWithdrawals] = useState<ListState>({});
  const [version, setVersion] = useState(0);
  // A status action moves money: the balances and the statement are read again.
  const moved = () => setVersion((n) => n + 1);
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })} data-testid="lead-money">
      <Statement key={version} leadId={leadId} />
      <DepositsScreen leadId={leadId} state={deposits} onStateChange={setDeposits} onMoneyMoved={moved} />
      <WithdrawalsScreen leadId={leadId} state={withdrawals} onStateChange={setWithdrawals} onMoneyMoved={moved} />
    </div>
  );
}
