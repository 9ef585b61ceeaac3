import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { formatNumber } from '../../i18n/format.ts';
import { Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { topCampaigns } from '../../api/lead-api.ts';
import { useFetch } from '../../data/use-fetch.ts';

const tableStyle = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'start', px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border' },
  '& th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'xs' },
  '& td:not(:first-child), & th:not(:first-child)': { textAlign: 'end', whiteSpace: 'nowrap' },
});

/** Campaigns ranked by leads and converted leads (GET /campaign/top). */
export function TopCampaignsPanel({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t } = useTranslation();
  const { data, error } = useFetch((signal) => topCampaigns(signal), [reloadKey]);
  return (
    <Card title={t('app.campaigns.top')}>
      {error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {t('app.dashboard.loadFailed', { error: error.message })}
        </p>
      ) : null}
      {!data && !error ? <Spinner label={t('app.common.loading')} /> : null}
      {data && !data.topCampaigns.length ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.campaigns.topEmpty')}</p>
      ) : null}
      {data?.topCampaigns.length ? (
        <table className={tableStyle} aria-label={t('app.campaigns.topLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('app.fields.name')}</th>
              <th scope="col">{t('app.campaigns.leads')}</th>
              <th scope="col">{t('app.campaigns.converted')}</th>
              <th scope="col">{t('app.campaigns.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {data.topCampaigns.map((c) => (
              <tr key={c.id}>
                {/* max-width 0 with full width: the name takes what the figures leave and ends with an ellipsis, whole on hover. */}
                <td
                  title={c.name}
                  className={css({ maxW: '0', w: 'full', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
                >
                  {c.name}
                </td>
                <td>{formatNumber(c.leads)}</td>
                <td>{formatNumber(c.converted)}</td>
                <td>{formatNumber(c.conversionRate)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Card>
  );
}
