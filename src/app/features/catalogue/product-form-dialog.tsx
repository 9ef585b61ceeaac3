import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { css } from '../../../../styled-system/css';
import { orderedFields, valuesSchema, type FieldDefinition } from '../../../shared/catalogue/fields.ts';
import { productEntity } from '../../../shared/entities/product.ts';
import { entityStore } from '../../data/stores.ts';
import { useRecords } from '../../data/use-records.ts';
import { AmountInput, editableAmount, withAmount } from '../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../forms/focus-error.ts';
import { FormActions } from '../../forms/form-actions.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { useLeaveGuard } from '../../forms/leave-guard.tsx';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { showToast } from '../../state/ui.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldInput, FieldTextarea } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import type { CategoryRecord, MarketRecord, ProductRecord } from './catalogue-api.ts';
import { useLabel } from './language.ts';

type Issue = z.core.$ZodIssue;
/** The market select's "no market" (a select item's value is never empty). */
const NO_MARKET = 'none';
type Parsed = { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };

/** A number typed the reader's way (a comma or a point) as a number; anything else stays text for the schema to refuse. */
const readNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
};

/**
 * The product form's schema: the shared product schema (price read strictly as an amount) and the values
 * schema built from the category's fields, the server's own (src/shared/catalogue/fields.ts); their
 * issues together, a value's at `values.<key>`.
 */
function productSchema(fields: readonly FieldDefinition[] | undefined, previous: Record<string, unknown>, editing: boolean) {
  const entity = editing ? productEntity.update : productEntity.create;
  return withAmount(
    (values) => {
      const typed = (values.values ?? {}) as Record<string, unknown>;
      const read = Object.fromEntries((fields ?? []).map((f) => [f.key, f.type === 'number' ? readNumber(typed[f.key]) : typed[f.key]]));
      const base = entity.safeParse({
        categoryId: values.categoryId || undefined,
        marketId: values.marketId || null,
        price: values.price,
        description: values.description || null,
        values: {},
      }) as Parsed;
      const dynamic = (fields ? valuesSchema(fields, previous).safeParse(read) : { success: true, data: {} }) as Parsed;
      if (base.success && dynamic.success) return { success: true, data: { ...(base.data as object), values: dynamic.data } };
      const issues = [
        ...(base.success ? [] : base.error.issues),
        ...(dynamic.success ? [] : dynamic.error.issues.map((i) => ({ ...i, path: ['values', ...i.path] }))),
      ];
      return { success: false, error: { issues } };
    },
    { field: 'price' },
  );
}

/**
 * An admin adds or edits a product (SPEC.md §5): its category (fixed once saved), market, price,
 * description and the category's fields, checked by the schema the server checks with ('{field} is
 * required' naming the field in the reader's language). Saving queues offline and is checked again when sent.
 */
export function ProductFormDialog({
  product,
  onClose,
  onSaved,
  categoryId,
}: {
  product: ProductRecord | null;
  onClose: () => void;
  onSaved: (id: string) => void;
  categoryId?: string;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const leaving = useRef(false);
  const categories = useRecords('product-category', { limit: 100, sorts: [{ field: 'name', order: 'asc' }] })
    .rows as unknown as CategoryRecord[];
  const markets = useRecords('product-market', { limit: 100, sorts: [{ field: 'name', order: 'asc' }] }).rows as unknown as MarketRecord[];
  const initialValues = Object.fromEntries(
    Object.entries(product?.values ?? {}).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
  );
  const [chosen, setChosen] = useState(product?.categoryId ?? categoryId ?? '');
  const category = categories.find((c) => c.id === chosen);
  const fields = useMemo(() => (category ? orderedFields(category.fields) : undefined), [category]);
  const schema = useMemo(() => productSchema(fields, product?.values ?? {}, Boolean(product)), [fields, product]);
  const fieldLabel = (path: string) => {
    const field = fields?.find((f) => `values.${f.key}` === path);
    return field ? label(field.labels) : t(`app.catalogue.product.${path}`, { defaultValue: path });
  };
  const form = useZodForm({
    schema,
    fieldLabel,
    initial: {
      categoryId: chosen,
      marketId: product?.marketId ?? '',
      // As the reader types it: "1234,50" in German, where "1234.5" would not read as an amount.
      price: product ? editableAmount(Number(product.price)) : '',
      description: product?.description ?? '',
      values: initialValues,
    },
    onSubmit: async (data) => {
      const body = data as Record<string, unknown>;
      const store = entityStore('product');
      const saved = product
        ? await store.update(
            product.id,
            { marketId: body.marketId, price: body.price, description: body.description, values: body.values },
            product.version,
          )
        : await store.create(body);
      showToast(t('app.catalogue.saved'), 'success');
      leaving.current = true;
      onSaved(String((saved as { id: string }).id));
    },
  });
  const [start] = useState(() => JSON.stringify(form.values));
  const leaveGuard = useLeaveGuard({ when: JSON.stringify(form.values) !== start, leaving });
  const errorOf = (path: string) => form.errors[path] ?? null;
  const title = product ? t('app.entities.product.edit') : t('app.entities.product.add');
  const valueInput = (field: FieldDefinition) => {
    const path = `values.${field.key}`;
    const value = form.value(path);
    const name = label(field.labels);
    if (field.type === 'boolean')
      return (
        <div key={field.key}>
          <Checkbox checked={value === true} onChange={(checked) => form.setValue(path, checked)} name={path}>
            {name}
          </Checkbox>
          {errorOf(path) ? <p className={css({ color: 'error', fontSize: 'sm' })}>{errorOf(path)}</p> : null}
        </div>
      );
    if (field.options?.length) {
      const offered = field.options.filter((o) => !o.archived || o.key === product?.values?.[field.key]);
      return (
        <Select
          key={field.key}
          name={path}
          label={field.required ? `${name} *` : name}
          placeholder={t('app.catalogue.product.choose')}
          options={offered.map((o) => ({ value: o.key, label: label(o.labels) }))}
          value={value ? [String(value)] : []}
          onChange={(next) => form.setValue(path, next[0] ?? '')}
          error={errorOf(path)}
        />
      );
    }
    return (
      <Field key={field.key} label={name} required={field.required} error={errorOf(path)}>
        <FieldInput
          className={controlStyle}
          name={path}
          type={field.type === 'date' ? 'date' : 'text'}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={String(value ?? '')}
          onChange={(e) => form.setValue(path, e.target.value)}
        />
      </Field>
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        aria-label={title}
        className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}
      >
        <FormError form={form} />
        {product ? (
          <p className={css({ fontSize: 'sm' })}>
            {t('app.catalogue.product.category')}: <strong>{category?.name ?? '…'}</strong>
          </p>
        ) : (
          <Select
            name="categoryId"
            label={`${t('app.catalogue.product.category')} *`}
            placeholder={t('app.catalogue.product.choose')}
            options={categories.filter((c) => c.status !== 'inactive').map((c) => ({ value: c.id, label: c.name }))}
            value={chosen ? [chosen] : []}
            onChange={(next) => {
              setChosen(next[0] ?? '');
              form.setValue('categoryId', next[0] ?? '');
              form.setValue('values', {});
            }}
            error={errorOf('categoryId')}
          />
        )}
        <Select
          name="marketId"
          label={t('app.catalogue.product.market')}
          placeholder={t('app.catalogue.product.noMarket')}
          options={[
            { value: NO_MARKET, label: t('app.catalogue.product.noMarket') },
            ...markets.map((m) => ({ value: m.id, label: m.name })),
          ]}
          value={[String(form.value('marketId') || NO_MARKET)]}
          onChange={(next) => form.setValue('marketId', next[0] === NO_MARKET ? '' : (next[0] ?? ''))}
        />
        <AmountInput form={form} name="price" label={t('app.catalogue.product.price')} />
        <Field label={t('app.catalogue.product.description')} error={errorOf('description')}>
          <FieldTextarea
            className={controlStyle}
            name="description"
            rows={3}
            value={String(form.value('description') ?? '')}
            onChange={(e) => form.setValue('description', e.target.value)}
          />
        </Field>
        {fields?.length ? (
          <fieldset
            className={css({ display: 'flex', flexDir: 'column', gap: 'gap', borderTopWidth: '1px', borderColor: 'border', pt: 'gap' })}
            data-testid="product-values"
          >
            <legend className={css({ fontWeight: 'semibold' })}>
              {t('app.catalogue.product.values', { category: category?.name ?? '' })}
            </legend>
            {fields.map(valueInput)}
          </fieldset>
        ) : null}
        <FormActions submitLabel={t('app.common.save')} submitting={form.submitting} onCancel={onClose} />
      </form>
      {leaveGuard.dialog}
    </Dialog>
  );
}
