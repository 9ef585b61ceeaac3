import type { ReactNode } from 'react';
import { Field as ArkField } from '@ark-ui/react/field';
import { errorStyle, fieldStyle, helperStyle, labelStyle, requiredStyle } from './field-styles.ts';

export { labelStyle };

export type FieldProps = {
  label: ReactNode;
  error?: string | null;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
};

/**
 * Label + control + error: Ark's Field wires ids, aria-describedby and aria-invalid onto the
 * Field.Input / Field.Textarea / Field.Select inside, so every control is labelled.
 */
export function Field({ label, error, helper, required, disabled, children }: FieldProps) {
  return (
    <ArkField.Root invalid={Boolean(error)} required={required} disabled={disabled} className={fieldStyle}>
      <ArkField.Label className={labelStyle}>
        {label}
        <ArkField.RequiredIndicator className={requiredStyle} aria-hidden>
          *
        </ArkField.RequiredIndicator>
      </ArkField.Label>
      {children}
      {helper && !error ? <ArkField.HelperText className={helperStyle}>{helper}</ArkField.HelperText> : null}
      <ArkField.ErrorText className={errorStyle}>{error}</ArkField.ErrorText>
    </ArkField.Root>
  );
}

export const FieldInput = ArkField.Input;
export const FieldTextarea = ArkField.Textarea;
export const FieldSelect = ArkField.Select;
