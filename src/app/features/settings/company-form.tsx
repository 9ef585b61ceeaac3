import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { settingUpdateSchema } from '../../../shared/setting.ts';
import { describeSchema, type FieldDescriptor } from '../../forms/describe-schema.ts';
import { FormFields, useFieldLabel } from '../../forms/form-fields.tsx';
import { amountsAsText, withAmounts } from '../../forms/amount-input.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { changedFields } from '../../forms/paths.ts';
import { useZodForm, type FormValues } from '../../forms/use-zod-form.ts';
import { settings } from '../../state/settings.ts';
import { showToast, ui } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { SwatchPicker } from '../../ui/swatch-picker.tsx';
import { saveSettings } from '../../session/settings-actions.ts';
import { themeSwatches } from '../../theme/theme-swatches.ts';

/** The fields of each part of the settings screen; all come from the shared settings schema. */
const ALL = describeSchema(settingUpdateSchema);
const pick = (names: string[]): FieldDescriptor[] =>
  names
    .map((name) => ALL.find((f) => f.name === name))
    .filter((f): f is FieldDescriptor => Boolean(f))
    .map((f) => (f.name === 'companyName' || f.name === 'email' ? { ...f, required: true } : f));

export const COMPANY_FIELDS = pick([
  'companyName',
  'email',
  'phone',
  'street',
  'number',
  'zipCode',
  'city',
  'country',
  'companyDescription',
  'receiveEmails',
  'receiveNotifications',
]);
export const TAG_FIELDS = pick(['labels', 'qualifications']);
/** The money bounds (DESIGN.md §6): withdrawals needing two approvals, card limits, the amount that asks again. */
export const MONEY_FIELDS = pick(['withdrawalApprovalThreshold', 'cardDepositMax', 'cardDepositDailyMax', 'amountConfirmationLevel']);

const valuesOf = (fields: FieldDescriptor[], record: Record<string, unknown> | null): FormValues =>
  Object.fromEntries(fields.map((f) => [f.name, record?.[f.name] ?? (f.kind === 'tags' ? [] : f.kind === 'boolean' ? false : '')]));

/** A part of the settings record, saved with PATCH /setting (changed fields only). */
export function SettingsPartForm({ fields, title, withTheme }: { fields: FieldDescriptor[]; title: string; withTheme?: boolean }) {
  const { t } = useTranslation();
  const { record } = useSnapshot(settings);
  const { mode } = useSnapshot(ui);
  const label = useFieldLabel('setting');
  const initial = {
    ...valuesOf(fields, record as Record<string, unknown> | null),
    ...(withTheme ? { theme: record?.theme ?? 'purple' } : {}),
  };
  // The money bounds are typed as text and read strictly (CHECKLIST 5); changes are told against the record's values.
  const form = useZodForm({
    schema: withAmounts(settingUpdateSchema, fields),
    initial: amountsAsText(initial, fields),
    fieldLabel: label,
    onSubmit: async (data) => {
      const changes = changedFields(data as Record<string, unknown>, initial);
      if (Object.keys(changes).length) await saveSettings(changes);
      showToast(t('app.settings.saved'), 'success');
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={title} className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <FormError form={form} />
      <FormFields form={form} fields={fields} label={label} />
      {withTheme ? (
        <SwatchPicker
          legend={t('app.settings.theme')}
          name="setting-theme"
          swatches={themeSwatches(t, mode)}
          value={String(form.value('theme') ?? 'purple')}
          onChange={(v) => form.setValue('theme', v)}
        />
      ) : null}
      <div>
        <Button type="submit" loading={form.submitting} data-testid="save-settings">
          {t('app.common.save')}
        </Button>
      </div>
    </form>
  );
}
