import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { Filter, FilterOperator } from '../../shared/list-params.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';
import { Select, type Option } from '../ui/select.tsx';
import { Icon } from '../ui/icons.tsx';

const OPERATORS: FilterOperator[] = ['contains', 'eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte', 'between', 'isNull'];
/** A field with a picker is one of its choices, or empty: an id is never typed by hand. */
const PICKER_OPERATORS: FilterOperator[] = ['in', 'isNull'];

/** A field the editor offers: with `options`, its values are picked (a campaign, a staff member), not typed. */
export type FilterField = { field: string; label?: string; options?: readonly Option[] };

/** Values are typed as text; numbers and booleans are recognised so the server compares them right. */
const parseValue = (raw: string): string | number | boolean => {
  const trimmed = raw.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (trimmed !== '' && !Number.isNaN(Number(trimmed)) && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return trimmed;
};

export type FilterEditorProps = {
  /** The fields a person filters this list on, in the order offered. */
  fields: readonly FilterField[];
  label: (field: string) => string;
  filters: readonly Filter[];
  onApply: (filters: Filter[]) => void;
  onClose: () => void;
};

type Draft = { field: string; operator: FilterOperator; text: string; picked: string[] };

/** Builds filters over the fields a person filters the list on; campaigns and staff are picked by name. */
export function FilterEditor({ fields, label, filters, onApply, onClose }: FilterEditorProps) {
  const { t } = useTranslation();
  const offered = new Map(fields.map((f) => [f.field, f]));
  const [drafts, setDrafts] = useState<Draft[]>(
    filters.map((f) => ({
      field: f.field,
      operator: f.operator ?? 'in',
      text: f.values.map((v) => String(v)).join(', '),
      picked: f.values.map((v) => String(v)),
    })),
  );
  const fieldOptions = fields.map((f) => ({ value: f.field, label: f.label ?? label(f.field) }));
  const operatorsOf = (field: string) =>
    (offered.get(field)?.options ? PICKER_OPERATORS : OPERATORS).map((op) => ({ value: op, label: t(`app.list.operators.${op}`) }));
  const update = (index: number, patch: Partial<Draft>) => setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  /** A new field keeps the operator when it has it, else takes its first; picks start over. */
  const changeField = (index: number, draft: Draft, field: string) => {
    const operators = operatorsOf(field).map((o) => o.value);
    update(index, { field, operator: operators.includes(draft.operator) ? draft.operator : operators[0], picked: [] });
  };
  const valuesOf = (d: Draft) => {
    if (d.operator === 'isNull') return [true];
    if (offered.get(d.field)?.options) return d.picked;
    return d.text
      .split(',')
      .map(parseValue)
      .filter((v) => v !== '');
  };
  const apply = () => {
    onApply(drafts.map((d) => ({ field: d.field, operator: d.operator, values: valuesOf(d) })).filter((f) => f.field && f.values.length));
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
            onChange={(v) => changeField(index, draft, v[0] ?? draft.field)}
          />
          <Select
            label={t('app.list.operator')}
            options={operatorsOf(draft.field)}
            value={[draft.operator]}
            onChange={(v) => update(index, { operator: (v[0] as FilterOperator) ?? 'in' })}
          />
          {offered.get(draft.field)?.options && draft.operator !== 'isNull' ? (
            <Select
              label={t('app.list.value')}
              options={offered.get(draft.field)!.options!}
              multiple
              placeholder={t('app.list.pick')}
              value={draft.picked}
              onChange={(picked) => update(index, { picked })}
            />
          ) : (
            <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5', fontSize: 'sm', fontWeight: 'medium' })}>
              {t('app.list.value')}
              <Input value={draft.text} disabled={draft.operator === 'isNull'} onChange={(e) => update(index, { text: e.target.value })} />
            </label>
          )}
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
          onClick={() => {
            const first = fields[0]?.field ?? '';
            setDrafts((all) => [...all, { field: first, operator: operatorsOf(first)[0]!.value, text: '', picked: [] }]);
          }}
        >
          {t('app.list.addFilter')}
        </Button>
      </div>
    </Dialog>
  );
}
