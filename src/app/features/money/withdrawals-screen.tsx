import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isLeadOnly } from '../../../shared/roles.ts';
import type { ListColumn } from '../../lists/entity-list.tsx';
import { auth } from '../../state/auth.ts';
import { Button } from '../../ui/button.tsx';
import { MoneyListScreen, type MoneyScreenProps } from './money-list-screen.tsx';
import { WithdrawalRequestDialog } from './withdrawal-request-dialog.tsx';

/** Withdrawals: staff approve (above the threshold), complete or fail; a lead requests one. */
export function WithdrawalsScreen({ state, onStateChange, leadId, onMoneyMoved }: MoneyScreenProps) {
  const { t } = useTranslation();
  const lead = isLeadOnly(useSnapshot(auth).user?.roles ?? []);
  const [requesting, setRequesting] = useState(false);
  const [key, setKey] = useState(0);
  const columns: ListColumn[] = [
    {
      field: 'approvedBy',
      render: (value) => <span data-testid="approvals">{Array.isArray(value) ? value.length : 0}</span>,
    },
    { field: 'failureReason', hidden: true },
    { field: 'transactionId', hidden: true },
  ];
  return (
    <>
      <MoneyListScreen
        key={key}
        entity="withdrawal"
        state={state}
        onStateChange={onStateChange}
        leadId={leadId}
        onMoneyMoved={onMoneyMoved}
        columns={columns}
        actions={lead ? <Button onClick={() => setRequesting(true)}>{t('app.money.withdraw.open')}</Button> : null}
      />
      {requesting ? (
        <WithdrawalRequestDialog
          onClose={() => setRequesting(false)}
          onDone={() => {
            setRequesting(false);
            setKey((n) => n + 1);
          }}
        />
      ) : null}
    </>
  );
}
