import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { TopCampaignsPanel } from './top-campaigns-panel.tsx';

const COLUMNS: ListColumn[] = [
  { field: 'name' },
  { field: 'dateCreation', kind: 'date' },
  { field: 'dateLastUpdate', kind: 'date', hidden: true },
];

/** Campaigns: list, add, add many (JSON array), edit, delete, search, and the top-campaigns panel (SPEC.md §2). */
export function CampaignsScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  return (
    <div
      className={css({
        display: 'grid',
        gap: 'gap',
        gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 1fr) 22rem' },
        alignItems: 'start',
      })}
    >
      <EntityList
        entity="campaign"
        title={t('app.nav.campaigns')}
        columns={COLUMNS}
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
