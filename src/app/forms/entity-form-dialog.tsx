import { useMemo } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { Dialog } from '../ui/dialog.tsx';
import { describeSchema, type FieldDescriptor } from './describe-schema.ts';
import { FormFields, useFieldLabel } from './form-fields.tsx';
import { FormError } from './form-error.tsx';
import { FormActions } from './form-actions.tsx';
import { amountsAsText, withAmounts } from './amount-input.tsx';
import { changedFields } from './paths.ts';
import { useZodForm, type FormValues, type OutputOf } from './use-zod-form.ts';

export type EntityFormDialogProps<S extends z.ZodType> = {
  entity: string;
  title: string;
  schema: S;
  initial: FormValues;
  /** Restricts and orders the fields; all schema fields otherwise. */
  fields?: readonly string[];
  submitLabel: string;
  onSubmit: (data: OutputOf<S>, changes: Partial<OutputOf<S>>) => Promise<unknown>;
  onClose: () => void;
};

/** Add and edit dialogs of every entity: fields come from the shared zod schema. */
export function EntityFormDialog<S extends z.ZodType>(props: EntityFormDialogProps<S>) {
  const { t, i18n } = useTranslation();
  const label = useFieldLabel(props.entity);
  const descriptors = useMemo(() => {
    const all = describeSchema(props.schema);
    if (!props.fields) return all;
    return props.fields.map((name) => all.find((f) => f.name === name)).filter((f): f is FieldDescriptor => Boolean(f));
  }, [props.schema, props.fields]);
  // Money fields are typed as text and read strictly; what changed is told against the record's own values.
  const form = useZodForm({
    schema: withAmounts(props.schema, descriptors),
    initial: amountsAsText(props.initial, descriptors),
    onSubmit: (data) =>
      props.onSubmit(data as OutputOf<S>, changedFields(data as Record<string, unknown>, props.initial) as Partial<OutputOf<S>>),
    fieldLabel: label,
  });
  const optionLabel = (field: string, option: string) => {
    const key = `app.options.${field}.${option}`;
    return i18n.exists(key) ? t(key) : option;
  };
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()} title={props.title}>
      <form
        onSubmit={form.onSubmit}
        noValidate
        aria-label={props.title}
        className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}
      >
        <FormError form={form} />
        <FormFields form={form} fields={descriptors} label={label} optionLabel={optionLabel} />
        <FormActions submitLabel={props.submitLabel} submitting={form.submitting} onCancel={props.onClose} />
      </form>
    </Dialog>
  );
}

/** The values of `record` a form over `schema` edits (ids, versions and server fields left out). */
export function pickFormValues(schema: z.ZodType, record: Record<string, unknown>): FormValues {
  const names = describeSchema(schema).map((field) => field.name);
  return Object.fromEntries(names.filter((name) => record[name] !== undefined).map((name) => [name, record[name]]));
}
