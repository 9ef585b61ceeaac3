import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslator } from '../../i18n/translate.ts';
import { css } from '../../../../styled-system/css';
import { FormError } from '../../forms/form-error.tsx';
import { FORM_ERROR } from '../../forms/issues.ts';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { settings, pageTitle } from '../../state/settings.ts';
import { Button } from '../../ui/button.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { LookControls } from '../../shell/look-controls.tsx';

import { loginSchema, type Credentials } from './login-schema.ts';

const FIELDS = [
  { name: 'email', type: 'email', autoComplete: 'username' },
  { name: 'password', type: 'password', autoComplete: 'current-password' },
] as const;

export type LoginScreenProps = {
  signIn: (credentials: Credentials) => Promise<void>;
  /** What was typed into the prerendered form before this took it over (login-page.tsx). */
  initial?: Partial<Credentials>;
  /** Why the plain form's sign-in was refused (the server's code, translated), shown once on the form. */
  initialError?: string;
};

/**
 * The sign-in form. It knows no router and no http client: `signIn` is given by whoever shows it (the
 * start-up login page before the app is loaded, or the /login route inside it), so the first screen
 * loads only this (tests/bench/client.bench.ts). The build also renders it to static HTML in index.html
 * (scripts/prerender-login.ts): there it is a plain form posting to the page it is on, until its script
 * takes over (docs/decisions/login-prerender.md).
 */
export function LoginScreen({ signIn, initial, initialError }: LoginScreenProps) {
  const { t } = useTranslator();
  const { record } = useSnapshot(settings);
  const form = useZodForm({
    schema: loginSchema,
    initial: { email: initial?.email ?? '', password: initial?.password ?? '' },
    onSubmit: signIn,
  });
  const { setErrors } = form;
  useEffect(() => {
    if (initialError) setErrors({ [FORM_ERROR]: initialError });
  }, [initialError, setErrors]);
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDir: 'column' })}>
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '1', p: '3' })}>
        <LookControls />
      </div>
      <main className={css({ flex: '1', display: 'grid', placeItems: 'center', p: '4' })}>
        <div
          className={css({
            w: 'full',
            maxW: 'sm',
            bg: 'surface',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'xl',
            boxShadow: 'lg',
            p: '8',
            _compact: { p: '5' },
            display: 'flex',
            flexDir: 'column',
            gap: 'gap',
          })}
        >
          <div className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '2', textAlign: 'center' })}>
            <img
              data-bd="company-logo"
              src={record?.logo || '/icon-192.png'}
              alt=""
              width={56}
              height={56}
              className={css({ borderRadius: 'lg', objectFit: 'contain' })}
            />
            <p data-bd="company-name" className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'medium' })}>
              {pageTitle(record)}
            </p>
            <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t('app.login.title')}</h1>
          </div>
          <form
            onSubmit={form.onSubmit}
            method="post"
            noValidate
            aria-label={t('app.login.title')}
            className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}
          >
            <OfflineNote text={t('app.sync.needsConnection.login')} />
            <FormError form={form} />
            {FIELDS.map((field) => (
              <TextField
                key={field.name}
                label={t(`app.fields.${field.name}`)}
                error={form.errors[field.name]}
                required
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                value={String(form.value(field.name) ?? '')}
                onChange={(event) => form.setValue(field.name, event.target.value)}
              />
            ))}
            <Button type="submit" loading={form.submitting} data-testid="login-submit">
              {form.submitting ? t('app.login.signingIn') : t('app.login.submit')}
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}
