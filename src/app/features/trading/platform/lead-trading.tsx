import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../../styled-system/css';
import { useOnline } from '../../../api/online-only.ts';
import { useRecords } from '../../../data/use-records.ts';
import { auth } from '../../../state/auth.ts';
import { settings } from '../../../state/settings.ts';
import { Card } from '../../../ui/card.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { accountFigures, totalProfitCents } from '../api/account-figures.ts';
import { useTradingBalances } from '../api/balances.ts';
import type { QuoteView } from '../api/live-quotes.ts';
import { asOrder } from '../api/order-view.ts';
import { ClosedOrders } from './closed-orders.tsx';
import { binaryNow, liveProfit } from './figures.ts';
import { FundsHeader } from './funds-header.tsx';
import { OpenPositions, type LivePosition } from './open-positions.tsx';
import { OrderTicket } from './order-ticket.tsx';

/** Binary options are offered only where the company allows them and the lead carries the label (DESIGN.md §11). */
export function useBinaryAllowed(): boolean {
  const { user } = useSnapshot(auth);
  const record = useSnapshot(settings).record as { binaryOptionsEnabled?: boolean } | null;
  return record?.binaryOptionsEnabled === true && (user?.labels ?? []).includes('binary_options');
}

/**
 * A lead's side of the platform: its funds first (live with its positions' prices), then the market
 * (`children`: the watchlist and the chart), the ticket for the chosen symbol, its open positions with
 * live profit and its closed orders (both read from the mirror).
 */
export function LeadTrading({
  leadId,
  symbol,
  quotes,
  children,
}: {
  leadId: string;
  symbol: string;
  quotes: Readonly<Record<string, QuoteView>>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const binaryAllowed = useBinaryAllowed();
  const [tab, setTab] = useState('open');
  const balances = useTradingBalances(leadId);
  const { rows } = useRecords('order', {
    limit: 100,
    filters: [
      { field: 'userId', values: [leadId] },
      { field: 'status', values: ['open'] },
    ],
    sorts: [{ field: 'dateCreation', order: 'desc' }],
  });
  const positions: LivePosition[] = useMemo(
    () =>
      rows.map((row) => {
        const order = asOrder(row);
        if (order.market === 'forex') return { order, ...liveProfit(order, quotes) };
        const now = binaryNow(order, quotes);
        return { order, closeAt: now.price, profitCents: 0, outcome: now.outcome };
      }),
    [rows, quotes],
  );
  const totalCents = totalProfitCents(positions.map((p) => p.profitCents));
  const figures = balances ? accountFigures({ ...balances, unrealisedCents: online ? totalCents : null }) : null;
  // A new open position shows where it is listed.
  const openCount = rows.length;
  useEffect(() => {
    if (openCount) setTab('open');
  }, [openCount]);
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <Card title={t('app.platform.funds.title')}>
        <FundsHeader figures={figures} asOf={online ? null : (balances?.pulledAt ?? null)} />
      </Card>
      {children}
      <div
        className={css({
          display: 'grid',
          gap: 'gap',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 20rem) minmax(0, 1fr)' },
          alignItems: 'start',
        })}
      >
        <Card title={t('app.platform.ticket.title')}>
          <OrderTicket
            key={symbol}
            symbol={symbol}
            quotes={quotes}
            binaryAllowed={binaryAllowed}
            availableCents={balances?.availableCents ?? null}
          />
        </Card>
        <Card>
          <Tabs
            label={t('app.platform.tabs')}
            value={tab}
            onChange={setTab}
            items={[
              {
                value: 'open',
                label: `${t('app.platform.positions.title')} (${openCount})`,
                content: <OpenPositions positions={positions} totalCents={totalCents} />,
              },
              { value: 'closed', label: t('app.platform.history.title'), content: <ClosedOrders leadId={leadId} /> },
            ]}
          />
        </Card>
      </div>
    </div>
  );
}
