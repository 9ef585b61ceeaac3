import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { Statement } from './billing-screen.tsx';

/** The money section of a lead's page: its funds, capital and statement, as on the billing screen. */
export function LeadMoney({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="lead-money" className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })} data-testid="lead-money">
      <h2 id="lead-money" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        {t('app.money.tab')}
      </h2>
      <Statement leadId={leadId} />
    </section>
  );
}
