import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { isLeadOnly } from '../../../shared/roles.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import type { ListColumn } from '../../lists/entity-list.tsx';
import { auth } from '../../state/auth.ts';
import { useStaff } from '../../data/use-lookup.ts';
import { Approvals } from './approvals.tsx';
import { MoneyListScreen, type MoneyScreenProps } from './money-list-screen.tsx';
import { useApprovalsNeeded } from './withdrawal-windows.ts';
import { WithdrawEntry } from './withdraw-entry.tsx';
import { WithdrawalRequestDialog } from './withdrawal-request-dialog.tsx';

/** Withdrawals: staff approve (above the threshold), complete or fail; a lead requests one. */
export function WithdrawalsScreen({ state, onStateChange, leadId, onMoneyMoved }: MoneyScreenProps) {
  const lead = isLeadOnly(useSnapshot(auth).user?.roles ?? []);
  const neededOf = useApprovalsNeeded(!lead);
  const people = useStaff(!lead);
  const [requesting, setRequesting] = useState(false);
  const [key, setKey] = useState(0);
  const columns: ListColumn[] = [
    // Who approved is staff's business: a lead's answers do not carry their ids (CHECKLIST 16).
    ...(lead
      ? []
      : [
          {
            field: 'approvedBy',
            render: (_value: unknown, row: EntityRecord) => <Approvals row={row} needed={neededOf(row)} nameOf={people.nameOf} />,
          },
        ]),
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
        approvalsNeeded={neededOf}
        actions={lead ? <WithdrawEntry onOpen={() => setRequesting(true)} /> : null}
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
