import { useTranslation } from 'react-i18next';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';

const COLUMNS: ListColumn[] = [
  { field: 'name' },
  { field: 'dateCreation', kind: 'date' },
  { field: 'dateLastUpdate', kind: 'date', hidden: true },
];

/** Campaigns: list, add, add many (JSON array), edit, delete, search (SPEC.md §2). */
export function CampaignsScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  return (
    <EntityList
      entity="campaign"
      title={t('app.nav.campaigns')}
      columns={COLUMNS}
      state={state}
      onStateChange={onStateChange}
      form={{}}
      jsonExample='[{"name": "Spring 2025"}, {"name": "Autumn 2025"}]'
    />
  );
}
