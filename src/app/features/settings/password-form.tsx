import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { FormFields } from '../../forms/form-fields.tsx';
import { FormError } from '../../forms/form-error.tsx';
import type { FieldDescriptor } from '../../forms/describe-schema.ts';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { updateOwnUser } from '../../session/profile-actions.ts';
import { passwordChangeSchema, passwordsMismatch } from './password-rules.ts';

const FIELDS: FieldDescriptor[] = [
  { name: 'currentPassword', kind: 'password', required: true },
  { name: 'password', kind: 'password', required: true },
  { name: 'confirmPassword', kind: 'password', required: true },
];

export function PasswordForm() {
  const { t } = useTranslation();
  const form = useZodForm({
    schema: passwordChangeSchema,
    initial: { currentPassword: '', password: '', confirmPassword: '' },
    refine: passwordsMismatch,
    onSubmit: async (data) => {
      await updateOwnUser({ password: data.password, currentPassword: data.currentPassword }, 'profile.password');
      form.reset({ currentPassword: '', password: '', confirmPassword: '' });
      showToast(t('app.settings.passwordChanged'), 'success');
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t('app.settings.password')}
      className={css({ display: 'flex', flexDir: 'column', gap: 'gap', maxW: 'xl' })}
    >
      <FormError form={form} />
      <FormFields form={form} fields={FIELDS} label={(name) => t(`app.fields.${name}`)} />
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('app.settings.passwordRules')}</p>
      <div>
        <Button type="submit" loading={form.submitting}>
          {t('app.settings.changePassword')}
        </Button>
      </div>
    </form>
  );
}
