import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import { css } from '../../../styled-system/css';
import { userEntity } from '../../shared/entities/user.ts';
import { password } from '../../shared/fields.ts';
import { ROLES, isAdmin, rank, type Role } from '../../shared/roles.ts';
import { isQueued, type EntityRecord } from '../data/entity-store.ts';
import { entityStore } from '../data/stores.ts';
import { describeSchema, type FieldDescriptor } from './describe-schema.ts';
import { pickFormValues } from './entity-form-dialog.tsx';
import { FormError } from './form-error.tsx';
import { FormFields, useFieldLabel } from './form-fields.tsx';
import { useZodForm } from './use-zod-form.ts';
import { runOp } from '../state/ops.ts';
import { auth } from '../state/auth.ts';
import { settings } from '../state/settings.ts';
import { showToast } from '../state/ui.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Field, FieldInput } from '../ui/field.tsx';
import { controlStyle } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { forgetLookups, useAssignable, useCampaigns } from '../data/use-lookup.ts';
import { FormActions } from './form-actions.tsx';

export type PersonKind = 'lead' | 'staff';

/** SPEC.md §5: a new lead (and a new staff member) needs a valid password. */
const createSchema = userEntity.create.extend({ password: password() });
const updateSchema = userEntity.update;

const PLAIN_FIELDS = ['firstName', 'lastName', 'email', 'password', 'phone', 'mobile'];
const NONE = '-';

/** Add and edit of a lead or a staff member: the shared user schema, with pickers for related records. */
export function PersonFormDialog({
  kind,
  record,
  onClose,
  onSaved,
}: {
  kind: PersonKind;
  record: EntityRecord | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useSnapshot(auth).user;
  const qualificationsSetting = useSnapshot(settings).record?.qualifications;
  const admin = isAdmin(me?.roles ?? []);
  const label = useFieldLabel('user');
  const creating = record === null;
  const schema = (creating ? createSchema : updateSchema) as z.ZodType;
  const campaigns = useCampaigns(kind === 'lead');
  const staff = useAssignable(kind === 'lead' && admin);

  const initial = useMemo(
    () => (creating ? { roles: kind === 'lead' ? ['lead'] : [], labels: [], qualifications: [] } : pickFormValues(updateSchema, record)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dialog edits one record
    [],
  );
  const form = useZodForm({
    schema,
    initial,
    fieldLabel: label,
    onSubmit: async (data, changes) => {
      const store = entityStore('user');
      const failed = (key: string) => (e: { message: string }) => t(key, { error: e.message });
      let saved: EntityRecord | undefined;
      if (creating)
        saved = await runOp('user.create', () => store.create(data as Record<string, unknown>), { toast: failed('app.list.createFailed') });
      else if (Object.keys(changes as object).length)
        saved = await runOp('user.update', () => store.update(record.id, changes as Record<string, unknown>, record.version), {
          toast: failed('app.list.updateFailed'),
        });
      forgetLookups();
      showToast(t(isQueued(saved) ? 'app.list.savedQueued' : 'app.list.saved'), 'success');
      onSaved();
    },
  });

  const described = useMemo(() => describeSchema(schema), [schema]);
  const pick = (names: string[]) => names.map((n) => described.find((f) => f.name === n)).filter((f): f is FieldDescriptor => Boolean(f));
  const plain = pick(PLAIN_FIELDS.filter((f) => creating || f !== 'password'));
  const optionLabel = (field: string, option: string) =>
    i18n.exists(`app.options.${field}.${option}`) ? t(`app.options.${field}.${option}`) : option;

  const current = (field: string) => (form.value(field) as string[] | undefined) ?? [];
  const qualificationOptions = [...new Set([...(qualificationsSetting ?? []), ...current('qualifications')])].map((q) => ({
    value: q,
    label: q,
  }));
  const roleOptions = ROLES.filter((r) => r !== 'lead' && rank([r]) <= rank(me?.roles ?? [])).map((r) => ({
    value: r,
    label: optionLabel('roles', r),
  }));
  const title = t(creating ? `app.people.add.${kind}` : `app.people.edit.${kind}`);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form onSubmit={form.onSubmit} noValidate aria-label={title} className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
        <FormError form={form} />
        <FormFields form={form} fields={plain} label={label} optionLabel={optionLabel} />
        <div className={css({ display: 'grid', gap: 'gap', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
          {kind === 'staff' ? (
            <Select
              label={label('roles')}
              multiple
              options={roleOptions}
              value={current('roles')}
              onChange={(next) => form.setValue('roles', next as Role[])}
              error={form.errors.roles}
            />
          ) : (
            <>
              <Select
                label={label('campaignId')}
                options={[{ value: NONE, label: t('app.common.none') }, ...campaigns.options]}
                value={form.value('campaignId') ? [String(form.value('campaignId'))] : []}
                placeholder={t('app.common.none')}
                onChange={(next) => form.setValue('campaignId', next[0] && next[0] !== NONE ? next[0] : null)}
                error={form.errors.campaignId}
              />
              {admin ? (
                <Select
                  label={label('assignedTo')}
                  options={[{ value: NONE, label: t('app.people.unassigned') }, ...staff.options]}
                  value={form.value('assignedTo') ? [String(form.value('assignedTo'))] : []}
                  placeholder={t('app.people.unassigned')}
                  onChange={(next) => form.setValue('assignedTo', next[0] && next[0] !== NONE ? next[0] : null)}
                  error={form.errors.assignedTo}
                />
              ) : null}
              <Select
                label={label('labels')}
                multiple
                options={pick(['labels'])[0]?.options?.map((o) => ({ value: o, label: optionLabel('labels', o) })) ?? []}
                value={current('labels')}
                placeholder={t('app.common.none')}
                onChange={(next) => form.setValue('labels', next)}
                error={form.errors.labels}
              />
              {qualificationOptions.length ? (
                <Select
                  label={label('qualifications')}
                  multiple
                  options={qualificationOptions}
                  value={current('qualifications')}
                  placeholder={t('app.common.none')}
                  onChange={(next) => form.setValue('qualifications', next)}
                  error={form.errors.qualifications}
                />
              ) : (
                // No list in the settings yet: free text, comma separated.
                <TagsInput
                  label={label('qualifications')}
                  error={form.errors.qualifications}
                  value={current('qualifications')}
                  onChange={(next) => form.setValue('qualifications', next)}
                />
              )}
            </>
          )}
        </div>
        <FormActions
          submitLabel={creating ? t('app.common.create') : t('app.common.save')}
          submitting={form.submitting}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

/** Comma-separated values; the text is kept as typed, so a comma can be typed before the next value. */
function TagsInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const [text, setText] = useState(value.join(', '));
  return (
    <Field label={label} error={error}>
      <FieldInput
        className={controlStyle}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split(',')
              .map((q) => q.trim())
              .filter(Boolean),
          );
        }}
      />
    </Field>
  );
}
