import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isLeadOnly } from '../../../shared/roles.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import type { ListColumn } from '../../lists/entity-list.tsx';
import { auth } from '../../state/auth.ts';
import { buttonRecipe } from '../../ui/button.tsx';
import { ResumeLink, resumable } from './awaiting-deposits.tsx';
import { MoneyListScreen, type MoneyScreenProps } from './money-list-screen.tsx';

/**
 * Columns read by everyone: how the money came, the card (brand and last 4 only), why it failed; a lead
 * also sees how to take up a card payment still waiting for its secure code.
 */
function useDepositColumns(lead: boolean): ListColumn[] {
  const { t } = useTranslation();
  return [
    ...(lead
      ? [{ field: 'resume', render: (_: unknown, row: EntityRecord) => (resumable(row) ? <ResumeLink depositId={row.id} short /> : '—') }]
      : []),
    { field: 'method', render: (value) => (value ? t(`app.money.methods.${String(value)}`) : '—') },
    {
      field: 'cardLast4',
      render: (value, row) =>
        value ? `${row.cardBrand ? t(`app.money.brands.${String(row.cardBrand)}`) : ''} •••• ${String(value)}` : '—',
    },
    { field: 'failureReason', render: (value) => (value ? t(`app.money.failureReasons.${String(value)}`) : '—') },
    { field: 'transactionId', hidden: true },
  ];
}

/** Deposits: staff see those in scope with complete/fail; a lead sees its own and pays by card. */
export function DepositsScreen({ state, onStateChange, leadId, onMoneyMoved }: MoneyScreenProps) {
  const { t } = useTranslation();
  const lead = isLeadOnly(useSnapshot(auth).user?.roles ?? []);
  const columns = useDepositColumns(lead);
  return (
    <MoneyListScreen
      entity="deposit"
      state={state}
      onStateChange={onStateChange}
      leadId={leadId}
      onMoneyMoved={onMoneyMoved}
      columns={columns}
      actions={
        lead ? (
          <Link to="/deposits/new" className={buttonRecipe()}>
            {t('app.money.wizard.open')}
          </Link>
        ) : null
      }
    />
  );
}
