import { useId, type InputHTMLAttributes } from 'react';
import { cx } from '../../../styled-system/css';
import { errorStyle, fieldStyle, labelStyle, requiredStyle } from './field-styles.ts';
import { controlStyle } from './input.tsx';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; error?: string | null };

/**
 * A labelled native input with its error, wired as Field (Ark) wires it (label for, aria-invalid,
 * aria-describedby, required mark), for the login screen: the first screen loads no Ark/zag code
 * (tests/bench/client.bench.ts). Forms inside the app use Field.
 */
export function TextField({ label, error, required, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={fieldStyle} data-invalid={error ? '' : undefined}>
      <label htmlFor={id} className={labelStyle}>
        {label}
        {required ? (
          <span className={requiredStyle} aria-hidden>
            *
          </span>
        ) : null}
      </label>
      <input
        {...input}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(controlStyle, className)}
      />
      {error ? (
        <span id={errorId} aria-live="polite" className={errorStyle}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
