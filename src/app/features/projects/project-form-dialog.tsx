import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { css } from '../../../../styled-system/css';
import { DIVIDEND_FREQUENCIES } from '../../../shared/constants.ts';
import { projectEntity } from '../../../shared/entities/project.ts';
import { asApiError } from '../../api/api-error.ts';
import { entityStore } from '../../data/stores.ts';
import { AmountInput, withAmount } from '../../forms/amount-input.tsx';
import { submitShowingErrors } from '../../forms/focus-error.ts';
import { FormActions } from '../../forms/form-actions.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { useLeaveGuard } from '../../forms/leave-guard.tsx';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { showToast } from '../../state/ui.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldInput, FieldTextarea } from '../../ui/field.tsx';
import { FileUpload } from '../../ui/file-upload.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { uploadProjectImage } from './projects-api.ts';

export type ProjectRecord = {
  id: string;
  version?: number;
  name: string;
  description: { en: string; fr: string; de: string };
  rentability: number;
  duration: number;
  coefficient: number;
  minimumAmount: number;
  dividendFrequency: (typeof DIVIDEND_FREQUENCIES)[number];
  image: string;
};

/** Numbers typed in the reader's way (a comma or a point); anything else stays text for the schema to refuse. */
const readNumber = (value: unknown) => {
  const text = String(value ?? '')
    .trim()
    .replace(',', '.');
  return text && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text || undefined;
};

/** The form's flat values read as the shared project schema reads them (the minimum through the strict amount reader). */
const formSchema = withAmount(
  (values) =>
    projectEntity.create.safeParse({
      name: values.name,
      description: { en: values.descriptionEn ?? '', fr: values.descriptionFr ?? '', de: values.descriptionDe ?? '' },
      rentability: readNumber(values.rentability),
      duration: readNumber(values.duration),
      coefficient: readNumber(values.coefficient),
      minimumAmount: values.minimumAmount,
      dividendFrequency: values.dividendFrequency,
      image: values.image || undefined,
    }) as ReturnType<z.ZodType['safeParse']>,
  { field: 'minimumAmount' },
);

/** The shared schema's paths as the form's fields: `description.fr` is the French description's box. */
const FIELD_OF: Record<string, string> = {
  'description.en': 'descriptionEn',
  'description.fr': 'descriptionFr',
  'description.de': 'descriptionDe',
};

/**
 * An admin creates or edits a project (SPEC.md §5): the three descriptions, the figures, the
 * frequency and the image (uploaded first: a project is never without one; on an existing project
 * through `POST /project/{id}/image`).
 */
export function ProjectFormDialog({
  project,
  onClose,
  onSaved,
}: {
  project?: ProjectRecord;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [imageError, setImageError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Setting an image on a saved project is its own write: the edit then goes on from that version.
  const [version, setVersion] = useState(project?.version);
  const leaving = useRef(false);
  const form = useZodForm({
    schema: formSchema,
    initial: project
      ? {
          name: project.name,
          descriptionEn: project.description.en,
          descriptionFr: project.description.fr,
          descriptionDe: project.description.de,
          rentability: String(project.rentability),
          duration: String(project.duration),
          coefficient: String(project.coefficient),
          minimumAmount: String(project.minimumAmount),
          dividendFrequency: project.dividendFrequency,
          image: project.image,
        }
      : { dividendFrequency: 'monthly', image: '' },
    onSubmit: async (data) => {
      const body = data as Record<string, unknown>;
      try {
        const saved = project ? await entityStore('project').update(project.id, body, version) : await entityStore('project').create(body);
        showToast(t('app.projects.saved'), 'success');
        leaving.current = true;
        onSaved(String((saved as { id: string }).id));
      } catch (cause) {
        const error = asApiError(cause);
        const details = Object.fromEntries(Object.entries(error.details ?? {}).map(([path, message]) => [FIELD_OF[path] ?? path, message]));
        throw { ...error, details };
      }
    },
  });
  const errorOf = (name: string) => form.errors[name] ?? null;
  const descriptionError = (lang: 'en' | 'fr' | 'de') =>
    form.errors[`description.${lang}`] ?? form.errors[FIELD_OF[`description.${lang}`]] ?? null;

  const chooseImage = async (file: File) => {
    setImageError(null);
    setUploading(true);
    try {
      const answer = await uploadProjectImage(file, project?.id);
      form.setValue('image', answer.image ?? answer.url ?? '');
      if (typeof answer.version === 'number') setVersion(answer.version);
    } catch {
      setImageError(t('app.projects.imageFailed'));
    } finally {
      setUploading(false);
    }
  };
  const image = String(form.value('image') ?? '');
  const title = project ? t('app.projects.edit') : t('app.projects.new');
  const text = (name: string, label: string) => (
    <Field label={label} required error={errorOf(name)}>
      <FieldInput
        className={controlStyle}
        name={name}
        value={String(form.value(name) ?? '')}
        onChange={(e) => form.setValue(name, e.target.value)}
      />
    </Field>
  );
  const description = (lang: 'en' | 'fr' | 'de', label: string) => {
    const name = FIELD_OF[`description.${lang}`];
    return (
      <Field label={label} required error={descriptionError(lang)}>
        <FieldTextarea
          className={controlStyle}
          name={name}
          rows={3}
          value={String(form.value(name) ?? '')}
          onChange={(e) => form.setValue(name, e.target.value)}
        />
      </Field>
    );
  };
  const numeric = (name: string, label: string) => (
    <Field label={label} required error={errorOf(name)}>
      <FieldInput
        className={controlStyle}
        name={name}
        inputMode="decimal"
        value={String(form.value(name) ?? '')}
        onChange={(e) => form.setValue(name, e.target.value)}
      />
    </Field>
  );
  // Leaving with unsaved changes asks first (CHECKLIST 6).
  const [startValues] = useState(() => JSON.stringify(form.values));
  const leaveGuard = useLeaveGuard({ when: JSON.stringify(form.values) !== startValues, leaving });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        aria-label={title}
        className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}
      >
        <FormError form={form} />
        {text('name', t('app.projects.name'))}
        {description('en', t('app.projects.descriptionEn'))}
        {description('fr', t('app.projects.descriptionFr'))}
        {description('de', t('app.projects.descriptionDe'))}
        {numeric('rentability', t('app.projects.rentabilityField'))}
        {numeric('duration', t('app.projects.durationField'))}
        {numeric('coefficient', t('app.projects.coefficientField'))}
        <AmountInput form={form} name="minimumAmount" label={t('app.projects.minimumAmountField')} />
        <Select
          label={t('app.projects.frequencyField')}
          options={DIVIDEND_FREQUENCIES.map((f) => ({ value: f, label: t(`app.projects.frequency.${f}`) }))}
          value={[String(form.value('dividendFrequency') ?? 'monthly')]}
          onChange={(value) => value[0] && form.setValue('dividendFrequency', value[0])}
        />
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          {image ? (
            <img
              src={image}
              alt=""
              data-testid="project-image-preview"
              className={css({ w: '24', h: '16', objectFit: 'cover', borderRadius: 'md' })}
            />
          ) : null}
          <div className={css({ flex: '1', minW: '0' })}>
            <FileUpload
              label={`${t('app.projects.image')} (${t('app.projects.imageHint')})`}
              accept="image/jpeg,image/png,image/gif"
              onFile={(file) => void chooseImage(file)}
              disabled={uploading}
              error={imageError ?? (form.errors.image ? t('app.projects.imageRequired') : null)}
            />
          </div>
        </div>
        <FormActions submitLabel={t('app.projects.save')} submitting={form.submitting || uploading} onCancel={onClose} />
      </form>
      {leaveGuard.dialog}
    </Dialog>
  );
}
