import { css } from '../../../styled-system/css';
import { FORM_ERROR } from './issues.ts';
import type { ZodForm } from './use-zod-form.ts';

/** The form-level error (server message with no field), announced to screen readers. */
export function FormError({ form }: { form: ZodForm }) {
  const message = form.errors[FORM_ERROR];
  if (!message) return null;
  return (
    <p
      role="alert"
      className={css({
        color: 'error',
        bg: 'error.subtle',
        borderWidth: '1px',
        borderColor: 'error',
        borderRadius: 'md',
        px: '3',
        py: '2',
        fontSize: 'sm',
      })}
    >
      {message}
    </p>
  );
}
