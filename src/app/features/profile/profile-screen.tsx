import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { css } from '../../../../styled-system/css';
import { THEME_COLORS, type ThemeColor } from '../../../shared/constants.ts';
import { ENTITIES } from '../../../shared/entities/index.ts';
import { FormFields, useFieldLabel } from '../../forms/form-fields.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { describeSchema, type FieldDescriptor } from '../../forms/describe-schema.ts';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { auth } from '../../state/auth.ts';
import { showToast, ui } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { SwatchPicker } from '../../ui/swatch-picker.tsx';
import { saveOwnTheme, updateOwnUser } from '../../session/profile-actions.ts';
import { themeSwatches } from '../../theme/theme-swatches.ts';

const { shape } = ENTITIES.user.create;
/**
 * SPEC.md §2: the profile edits first name, last name and email, with the shared rules. A new email
 * needs the current password (the server refuses it otherwise, issue 15).
 */
const profileSchema = z.strictObject({
  firstName: shape.firstName,
  lastName: shape.lastName,
  email: shape.email,
  currentPassword: z.string().max(128).optional(),
});
const FIELDS: FieldDescriptor[] = [
  ...describeSchema(profileSchema).filter((field) => field.name !== 'currentPassword'),
  { name: 'currentPassword', kind: 'password', required: false },
];
const COMPANY = 'company';

export function ProfileScreen() {
  const { t } = useTranslation();
  const { user } = useSnapshot(auth);
  const { mode } = useSnapshot(ui);
  const label = useFieldLabel('user');
  const form = useZodForm({
    schema: profileSchema,
    initial: { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', email: user?.email ?? '', currentPassword: '' },
    fieldLabel: label,
    onSubmit: async (data, { currentPassword: _typed, ...changes }) => {
      // The current password goes with an email change only; it is never kept in the form.
      if ('email' in changes) Object.assign(changes, { currentPassword: data.currentPassword ?? '' });
      if (Object.keys(changes).length) await updateOwnUser(changes);
      form.setValue('currentPassword', '');
      showToast(t('app.profile.saved'), 'success');
    },
  });
  const swatches = [{ value: COMPANY, label: t('app.profile.companyColor'), color: 'var(--bd-muted)' }, ...themeSwatches(t, mode)];
  return (
    <>
      <PageHeader title={t('app.profile.title')} />
      <div className={css({ display: 'grid', gap: 'gap', maxW: '4xl' })}>
        <Card title={t('app.profile.details')}>
          <form
            onSubmit={form.onSubmit}
            noValidate
            aria-label={t('app.profile.details')}
            className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}
          >
            <FormError form={form} />
            <FormFields form={form} fields={FIELDS} label={label} />
            <div>
              <Button type="submit" loading={form.submitting}>
                {t('app.common.save')}
              </Button>
            </div>
          </form>
        </Card>
        <Card title={t('app.profile.look')}>
          <SwatchPicker
            legend={t('app.profile.color')}
            name="theme"
            swatches={swatches}
            value={user?.theme ?? COMPANY}
            onChange={(value) =>
              void saveOwnTheme((THEME_COLORS as readonly string[]).includes(value) ? (value as ThemeColor) : null).catch(() => undefined)
            }
          />
        </Card>
      </div>
    </>
  );
}
