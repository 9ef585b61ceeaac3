import { z } from 'zod';
import { password } from '../../../shared/fields.ts';

/** SPEC.md §5: 6+ characters, a letter and a number; the confirmation must match. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  password: password(),
  confirmPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
});

export const passwordsMismatch = (values: Record<string, unknown>): Record<string, string> | null =>
  values.confirmPassword && values.password !== values.confirmPassword
    ? { confirmPassword: 'validation.passwordMismatch' }
    : values.password && values.password === values.currentPassword
      ? { password: 'validation.passwordUnchanged' }
      : null;
