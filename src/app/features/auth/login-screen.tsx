import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { css } from '../../../../styled-system/css';
import { email } from '../../../shared/fields.ts';
import { FormError, FormFields } from '../../forms/form-fields.tsx';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { settings, pageTitle } from '../../state/settings.ts';
import { Button } from '../../ui/button.tsx';
import { LookControls } from '../layout/look-controls.tsx';
import { login } from '../session/session.ts';

const loginSchema = z.object({ email: email(), password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }) });
const FIELDS = [
  { name: 'email', kind: 'email', required: true },
  { name: 'password', kind: 'password', required: true },
] as const;

export function LoginScreen({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { record } = useSnapshot(settings);
  const form = useZodForm({
    schema: loginSchema,
    initial: { email: '', password: '' },
    onSubmit: async (data) => {
      await login(data.email, data.password);
      await navigate({ to: redirect && redirect.startsWith('/') ? redirect : '/' });
    },
  });
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDir: 'column' })}>
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '1', p: '3' })}>
        <LookControls />
      </div>
      <main className={css({ flex: '1', display: 'grid', placeItems: 'center', p: '4' })}>
        <div className={css({ w: 'full', maxW: 'sm', bg: 'surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', boxShadow: 'lg', p: '8', _compact: { p: '5' }, display: 'flex', flexDir: 'column', gap: 'gap' })}>
          <div className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '2', textAlign: 'center' })}>
            <img src={record?.logo || '/icon-192.png'} alt="" width={56} height={56} className={css({ borderRadius: 'lg', objectFit: 'contain' })} />
            <p className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'medium' })}>{pageTitle(record)}</p>
            <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t('app.login.title')}</h1>
          </div>
          <form onSubmit={form.onSubmit} noValidate aria-label={t('app.login.title')} className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
            <FormError form={form} />
            <div className={css({ '& > div': { gridTemplateColumns: '1fr' } })}>
              <FormFields form={form} fields={FIELDS} label={(name) => t(`app.fields.${name}`)} />
            </div>
            <Button type="submit" loading={form.submitting} data-testid="login-submit">
              {form.submitting ? t('app.login.signingIn') : t('app.login.submit')}
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}
