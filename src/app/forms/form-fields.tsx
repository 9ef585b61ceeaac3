import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { Checkbox } from '../ui/checkbox.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { Field, FieldInput, FieldTextarea } from '../ui/field.tsx';
import { controlStyle } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { AmountInput } from './amount-input.tsx';
import type { FieldDescriptor } from './describe-schema.ts';
import type { ZodForm } from './use-zod-form.ts';

const gridStyle = css({ display: 'grid', gap: 'gap', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } });

/** Translated label of a field path: `app.fields.<leaf>`, else the path itself. */
export function useFieldLabel(entity?: string) {
  const { t, i18n } = useTranslation();
  return (path: string) => {
    const leaf = path.split('.').pop() ?? path;
    for (const key of [entity ? `app.entities.${entity}.fields.${path}` : '', `app.fields.${path}`, `app.fields.${leaf}`]) {
      if (key && i18n.exists(key)) return t(key);
    }
    return leaf;
  };
}

/** Renders descriptors of describeSchema() with the design system; one renderer for every entity. */
export function FormFields({
  form,
  fields,
  label,
  optionLabel,
}: {
  form: ZodForm;
  fields: readonly FieldDescriptor[];
  label: (path: string) => string;
  optionLabel?: (field: string, option: string) => string;
}) {
  return (
    <div className={gridStyle}>
      {fields.map((field) => (
        <FormField key={field.name} form={form} field={field} label={label} optionLabel={optionLabel} />
      ))}
    </div>
  );
}

function FormField({
  form,
  field,
  label,
  optionLabel,
}: {
  form: ZodForm;
  field: FieldDescriptor;
  label: (path: string) => string;
  optionLabel?: (field: string, option: string) => string;
}) {
  const error = form.errors[field.name] ?? null;
  const value = form.value(field.name);
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const options = (field.options ?? []).map((option) => ({ value: option, label: optionLabel ? optionLabel(field.name, option) : option }));
  switch (field.kind) {
    case 'group':
      return (
        <fieldset className={css({ gridColumn: '1 / -1', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: 'gap' })}>
          <legend className={css({ px: '1', fontSize: 'sm', fontWeight: 'semibold' })}>{label(field.name)}</legend>
          <FormFields form={form} fields={field.children ?? []} label={label} optionLabel={optionLabel} />
          {error ? <p className={css({ color: 'error', fontSize: 'xs' })}>{error}</p> : null}
        </fieldset>
      );
    case 'boolean':
      return (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1', justifyContent: 'end' })}>
          <Checkbox checked={value === true} onChange={(checked) => form.setValue(field.name, checked)}>
            {label(field.name)}
          </Checkbox>
          {error ? <span className={css({ color: 'error', fontSize: 'xs' })}>{error}</span> : null}
        </div>
      );
    case 'select':
    case 'multiselect':
      return (
        <Select
          label={label(field.name)}
          options={options}
          multiple={field.kind === 'multiselect'}
          value={Array.isArray(value) ? (value as string[]) : value ? [String(value)] : []}
          onChange={(next) => form.setValue(field.name, field.kind === 'multiselect' ? next : (next[0] ?? undefined))}
          error={error}
        />
      );
    case 'date':
      return (
        <DatePicker
          label={label(field.name)}
          value={value ? String(value).slice(0, 10) : null}
          onChange={(next) => form.setValue(field.name, next ?? undefined)}
          error={error}
        />
      );
    case 'tags':
      return (
        <Field label={label(field.name)} error={error} required={field.required}>
          <FieldInput
            className={controlStyle}
            value={Array.isArray(value) ? (value as string[]).join(', ') : ''}
            onChange={(event) =>
              form.setValue(
                field.name,
                event.target.value
                  .split(',')
                  .map((part) => part.trim())
                  .filter(Boolean),
              )
            }
          />
        </Field>
      );
    case 'money':
      return <AmountInput form={form} name={field.name} label={label(field.name)} required={field.required} rules={{ allowZero: true }} />;
    case 'textarea':
      return (
        <div className={css({ gridColumn: '1 / -1' })}>
          <Field label={label(field.name)} error={error} required={field.required}>
            <FieldTextarea
              className={`${controlStyle} ${css({ py: '2', minH: '24' })}`}
              value={text(value)}
              onChange={(e) => form.setValue(field.name, e.target.value)}
            />
          </Field>
        </div>
      );
    default:
      return (
        <Field label={label(field.name)} error={error} required={field.required}>
          <FieldInput
            className={controlStyle}
            name={field.name}
            type={field.kind === 'number' ? 'number' : field.kind}
            step={field.kind === 'number' ? 'any' : undefined}
            autoComplete={
              field.kind === 'email'
                ? 'email'
                : field.kind === 'password'
                  ? field.name === 'password'
                    ? 'current-password'
                    : 'new-password'
                  : undefined
            }
            value={text(value)}
            onChange={(e) =>
              form.setValue(
                field.name,
                field.kind === 'number' ? (e.target.value === '' ? undefined : Number(e.target.value)) : e.target.value,
              )
            }
          />
        </Field>
      );
  }
}
