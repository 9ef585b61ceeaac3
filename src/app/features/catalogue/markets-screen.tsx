import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import type { MarketRecord } from './catalogue-api.ts';
import { MarketFormDialog } from './market-form-dialog.tsx';

const COLUMNS: ListColumn[] = [
  {
    field: 'iconUrl',
    render: (value) =>
      value ? <img src={String(value)} alt="" className={css({ w: '8', h: '8', objectFit: 'cover', borderRadius: 'md' })} /> : null,
  },
  { field: 'name' },
  {
    field: 'description',
    render: (value) => <span className={css({ lineClamp: 2, overflowWrap: 'anywhere' })}>{String(value ?? '')}</span>,
  },
  { field: 'dateCreation', kind: 'date', hidden: true },
];

/** Product markets (SPEC.md §2): everyone reads them, admins add, edit and delete; the list kit's search, sorts and exports. */
export function MarketsScreen({ state, onStateChange }: { state: ListState; onStateChange: (next: ListState) => void }) {
  const { t } = useTranslation();
  return (
    <EntityList
      entity="product-market"
      title={t('app.nav.product-markets')}
      columns={COLUMNS}
      state={state}
      onStateChange={onStateChange}
      stackedRow={(row) => {
        const market = row as unknown as MarketRecord;
        return (
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', minW: 0 })}>
            {market.iconUrl ? (
              <img
                src={market.iconUrl}
                alt=""
                className={css({ w: '10', h: '10', objectFit: 'cover', borderRadius: 'md', flexShrink: 0 })}
              />
            ) : null}
            <div className={css({ minW: 0 })}>
              <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{market.name}</p>
              <p className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: 2, overflowWrap: 'anywhere' })}>{market.description}</p>
            </div>
          </div>
        );
      }}
      renderForm={({ record, onClose, onSaved }) => (
        <MarketFormDialog market={record as unknown as MarketRecord | null} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}
