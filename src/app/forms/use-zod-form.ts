import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useTranslator } from '../i18n/translate.ts';
import { asApiError } from '../api/api-error.ts';
import { FORM_ERROR, translateIssues, type FieldErrors } from './issues.ts';
import { changedFields, getPath, setPath } from './paths.ts';

export type FormValues = Record<string, unknown>;

/**
 * What the form needs of a schema: zod's safeParse. Screens pass the shared zod schemas; the
 * login screen passes a two-rule equivalent so the first screen does not download zod.
 */
export type FormSchema<Out = unknown> = {
  safeParse: (values: unknown) => { success: true; data: Out } | { success: false; error: { issues: z.core.$ZodIssue[] } };
};
export type OutputOf<S> = S extends z.ZodType ? z.output<S> : S extends FormSchema<infer O> ? O : never;

export type UseZodFormOptions<S extends FormSchema> = {
  schema: S;
  initial: FormValues;
  /** `changes` holds only the fields that differ from `initial` (for PATCH). */
  onSubmit: (data: OutputOf<S>, changes: Partial<OutputOf<S>>) => Promise<unknown> | unknown;
  /** Extra whole-form checks (e.g. the password confirmation), as i18n keys per field. */
  refine?: (values: FormValues) => Record<string, string> | null;
  fieldLabel?: (path: string) => string;
};

export type ZodForm = {
  values: FormValues;
  errors: FieldErrors;
  submitting: boolean;
  value: (path: string) => unknown;
  setValue: (path: string, value: unknown) => void;
  setErrors: (errors: FieldErrors) => void;
  reset: (values: FormValues) => void;
  onSubmit: (event?: FormEvent) => Promise<void>;
};

/**
 * The form mechanism: values → shared zod schema → translated field errors; the server's
 * `details` land on the same fields, its message on the form.
 */
export function useZodForm<S extends FormSchema>(options: UseZodFormOptions<S>): ZodForm {
  const { t, exists } = useTranslator();
  const [values, setValues] = useState<FormValues>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  const setValue = useCallback((path: string, value: unknown) => {
    setValues((current) => setPath(current, path, value));
    setErrors((current) => {
      if (!current[path] && !current[FORM_ERROR]) return current;
      const { [path]: _field, [FORM_ERROR]: _form, ...rest } = current;
      return rest;
    });
  }, []);

  const onSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const { schema, refine, initial, fieldLabel } = latest.current;
      const parsed = schema.safeParse(values);
      const extra = refine?.(values) ?? null;
      if (!parsed.success || extra) {
        const fieldErrors = parsed.success ? {} : translateIssues(parsed.error.issues, t, exists, fieldLabel);
        for (const [path, key] of Object.entries(extra ?? {})) fieldErrors[path] ??= t(key);
        setErrors(fieldErrors);
        return;
      }
      setSubmitting(true);
      try {
        const data = parsed.data as Record<string, unknown>;
        await latest.current.onSubmit(parsed.data as OutputOf<S>, changedFields(data, initial) as Partial<OutputOf<S>>);
      } catch (cause) {
        const error = asApiError(cause);
        setErrors({ ...(error.details ?? {}), [FORM_ERROR]: error.message });
      } finally {
        setSubmitting(false);
      }
    },
    [values, t, exists],
  );

  return {
    values,
    errors,
    submitting,
    value: (path) => getPath(values, path),
    setValue,
    setErrors,
    reset: (next) => {
      setValues(next);
      setErrors({});
    },
    onSubmit,
  };
}
