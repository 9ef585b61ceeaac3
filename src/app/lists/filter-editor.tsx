import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { Filter, FilterOperator } from '../../shared/list-params.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { Icon } from '../ui/icons.tsx';

const OPERATORS: FilterOperator[] = ['contains', 'eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte', 'between', 'isNull'];

/** Values are typed as text; numbers and booleans are recognised so the server compares them right. */
const parseValue = (raw: string): string | number | boolean => {
  const trimmed = raw.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (trimmed !== '' && !Number.isNaN(Number(trimmed)) && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return trimmed;
};

export type FilterEditorProps = {
  fields: readonly string[];
  label: (field: string) => string;
  filters: readonly Filter[];
  onApply: (filters: Filter[]) => void;
  onClose: () => void;
};

type Draft = { field: string; operator: FilterOperator; text: string };

/** Builds filters over the entity's filterable fields only (src/shared/entities). */
export function FilterEditor({ fields, label, filters, onApply, onClose }: FilterEditorProps) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Draft[]>(
    filters.map((f) => ({ field: f.field, operator: f.operator ?? 'in', text: f.values.map((v) => String(v)).join(', ') })),
  );
  const fieldOptions = fields.map((field) => ({ value: field, label: label(field) }));
  const operatorOptions = OPERATORS.map((op) => ({ value: op, label: t(`app.list.operators.${op}`) }));
  const update = (index: number, patch: Partial<Draft>) => setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const apply = () => {
    onApply(
      drafts
        .filter((d) => d.field && (d.operator === 'isNull' || d.text.trim()))
        .map((d) => ({
          field: d.field,
          operator: d.operator,
          values:
            d.operator === 'isNull'
              ? [true]
              : d.text
                  .split(',')
                  .map(parseValue)
                  .filter((v) => v !== ''),
        })),
    );
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.list.filters')}
      footer={
        <>
          <Button variant="outline" onClick={() => setDrafts([])}>
            {t('app.list.clearFilters')}
          </Button>
          <Button onClick={apply}>{t('app.list.applyFilters')}</Button>
        </>
      }
    >
      {drafts.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.list.noFilters')}</p> : null}
      {drafts.map((draft, index) => (
        <div
          key={index}
          className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr 1fr auto' }, gap: '2', alignItems: 'end' })}
        >
          <Select
            label={t('app.list.field')}
            options={fieldOptions}
            value={[draft.field]}
            onChange={(v) => update(index, { field: v[0] ?? draft.field })}
          />
          <Select
            label={t('app.list.operator')}
            options={operatorOptions}
            value={[draft.operator]}
            onChange={(v) => update(index, { operator: (v[0] as FilterOperator) ?? 'in' })}
          />
          <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5', fontSize: 'sm', fontWeight: 'medium' })}>
            {t('app.list.value')}
            <Input value={draft.text} disabled={draft.operator === 'isNull'} onChange={(e) => update(index, { text: e.target.value })} />
          </label>
          <Button
            variant="ghost"
            onClick={() => setDrafts((all) => all.filter((_, i) => i !== index))}
            aria-label={t('app.list.removeFilter')}
          >
            <Icon name="close" />
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setDrafts((all) => [...all, { field: fields[0] ?? '', operator: 'contains', text: '' }])}
        >
          {t('app.list.addFilter')}
        </Button>
      </div>
    </Dialog>
  );
}
