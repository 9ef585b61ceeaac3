import type { z } from 'zod';
import type { FormSchema } from '../../forms/use-zod-form.ts';

export type Credentials = { email: string; password: string };

// Same rule as the shared email() builder; the server checks the credentials themselves.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const issue = (path: string, message: string) =>
  ({ code: 'custom', path: [path], message, input: undefined }) as unknown as z.core.$ZodIssue;

/**
 * The login form's two rules as a zod-compatible schema: the first screen is the one that must
 * load fastest, and zod alone would be a fifth of its JavaScript (tests/bench/client.bench.ts).
 */
export const loginSchema: FormSchema<Credentials> = {
  safeParse(values) {
    const { email = '', password = '' } = (values ?? {}) as Partial<Record<keyof Credentials, unknown>>;
    const cleanEmail = String(email).trim().toLowerCase();
    const issues = [
      ...(EMAIL.test(cleanEmail) ? [] : [issue('email', 'validation.email')]),
      ...(String(password) ? [] : [issue('password', 'validation.required')]),
    ];
    return issues.length
      ? { success: false, error: { issues } }
      : { success: true, data: { email: cleanEmail, password: String(password) } };
  },
};
