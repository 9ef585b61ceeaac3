import { css } from '../../../styled-system/css';
import { FORM_ERROR } from './issues.ts';
import type { ZodForm } from './use-zod-form.ts';

/**
 * The form-level error (server message with no field), announced to screen readers. With `fields`
 * (the paths the form shows), it gives way when one of them already says what is wrong: an error
 * shows once (CHECKLIST item 7).
 */
export function FormError({ form, fields }: { form: ZodForm; fields?: readonly string[] }) {
  const message = form.errors[FORM_ERROR];
  if (!message || fields?.some((path) => form.errors[path])) return null;
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
