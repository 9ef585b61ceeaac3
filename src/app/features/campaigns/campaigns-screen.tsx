import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { campaignStats } from '../../api/lead-api.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { formatNumber } from '../../i18n/format.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { TopCampaignsPanel } from './top-campaigns-panel.tsx';

type Figures = { leads: number; converted: number; conversionRate: number };

/** The list's columns, with each campaign's leads and conversion from the server (GET /campaign/stats). */
function columnsWith(figures: Map<string, Figures> | undefined): ListColumn[] {
  const of = (id: string) => figures?.get(id) ?? (figures ? { leads: 0, converted: 0, conversionRate: 0 } : undefined);
  return [
    { field: 'name' },
    { field: 'leads', render: (_value, row) => <Figure value={of(row.id) && formatNumber(of(row.id)!.leads)} /> },
    {
      field: 'conversion',
      render: (_value, row) => {
        const f = of(row.id);
        return <Figure value={f && `${formatNumber(f.conversionRate)} % (${formatNumber(f.converted)})`} />;
      },
    },
    { field: 'dateCreation', kind: 'date' },
    { field: 'dateLastUpdate', kind: 'date', hidden: true },
  ];
}

const Figure = ({ value }: { value: string | undefined }) => (
  <span data-testid="campaign-figure" className={css({ fontVariantNumeric: 'tabular-nums' })}>
    {value ?? '…'}
  </span>
);

/** Campaigns: list, add, add many (JSON array), edit, delete, search, and the top-campaigns panel (SPEC.md §2). */
export function CampaignsScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  const stats = useFetch((signal) => campaignStats(signal), []);
  const columns = useMemo(
    () => columnsWith(stats.data ? new Map(stats.data.campaignStats.map((c) => [c.id, c])) : undefined),
    [stats.data],
  );
  return (
    <div
      className={css({
        display: 'grid',
        gap: 'gap',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 22rem' },
        alignItems: 'start',
      })}
    >
      <EntityList
        entity="campaign"
        title={t('app.nav.campaigns')}
        columns={columns}
        toolbar={<p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.campaigns.conversionHelp')}</p>}
        state={state}
        onStateChange={onStateChange}
        form={{}}
        jsonExample='[{"name": "Spring 2025"}, {"name": "Autumn 2025"}]'
      />
      <aside className={css({ xl: { mt: '14' } })}>
        <TopCampaignsPanel />
      </aside>
    </div>
  );
}
