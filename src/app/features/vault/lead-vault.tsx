import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import type { ListState } from '../../lists/list-state.ts';
import { OffersScreen } from './offers-screen.tsx';
import { VaultScreen } from './vault-screen.tsx';

/**
 * One lead's vault (its page's tab for staff): its holdings with its figures, then its offers, where
 * staff make and release offers. Each list keeps its own filters.
 */
export function LeadVaultTab({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  const [holdings, setHoldings] = useState<ListState>({});
  const [offers, setOffers] = useState<ListState>({});
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })} data-testid="lead-vault">
      <VaultScreen leadId={leadId} state={holdings} onStateChange={setHoldings} title={t('app.vault.holdings')} />
      <OffersScreen leadId={leadId} state={offers} onStateChange={setOffers} title={t('app.nav.offers')} />
    </div>
  );
}
