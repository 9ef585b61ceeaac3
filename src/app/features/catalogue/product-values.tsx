import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { orderedFields, type FieldDefinition } from '../../../shared/catalogue/fields.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { useLabel } from './language.ts';

/** A value as a reader reads it: an option by its label, a number, a date and yes/no in the reader's language. */
export function useValueText() {
  const { t } = useTranslation();
  const label = useLabel();
  return (field: FieldDefinition, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '—';
    if (field.options?.length) {
      const option = field.options.find((o) => o.key === value);
      return option ? label(option.labels) : String(value);
    }
    if (typeof value === 'number') return formatNumber(value);
    if (typeof value === 'boolean') return value ? t('app.common.yes') : t('app.common.no');
    if (field.type === 'date' && typeof value === 'string') return formatDate(`${value}T00:00:00`);
    return String(value);
  };
}

/** A product's values under its category's labels, in the category's order. */
export function ProductValues({
  fields,
  values,
  compact,
}: {
  fields: readonly FieldDefinition[];
  values: Record<string, unknown> | undefined;
  compact?: boolean;
}) {
  const label = useLabel();
  const text = useValueText();
  const shown = orderedFields(fields).filter((f) => !compact || (values?.[f.key] !== undefined && values?.[f.key] !== null));
  return (
    <dl className={css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '0.5 3', fontSize: 'sm', m: '0' })}>
      {shown.map((field) => (
        <div key={field.key} className={css({ display: 'contents' })}>
          <dt className={css({ color: 'fg.muted' })}>{label(field.labels)}</dt>
          <dd className={css({ m: '0', overflowWrap: 'anywhere' })} data-value={field.key}>
            {text(field, values?.[field.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
