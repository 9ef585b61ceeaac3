import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { CATALOGUE_LANGUAGES, slugKey, type FieldDefinition, type FieldOption, type Labels } from '../../../shared/catalogue/fields.ts';
import { CATEGORY_STATUSES, FIELD_TYPES } from '../../../shared/constants.ts';
import { productCategoryEntity } from '../../../shared/entities/product-category.ts';
import { asApiError } from '../../api/api-error.ts';
import { entityStore } from '../../data/stores.ts';
import { useLeaveGuard } from '../../forms/leave-guard.tsx';
import { translateIssues } from '../../forms/issues.ts';
import { showToast } from '../../state/ui.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import type { CategoryRecord } from './catalogue-api.ts';
import { FieldTypeDialog } from './field-type-dialog.tsx';
import { useLabel } from './language.ts';

/** A field or option being edited: `saved` when the category already has it (its key and type are then fixed here). */
type OptionDraft = FieldOption & { saved: boolean };
type FieldDraft = Omit<FieldDefinition, 'options'> & { saved: boolean; keyTouched: boolean; options: OptionDraft[] };

const emptyLabels = (): Labels => ({ en: '', fr: '', de: '' });
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'Français', de: 'Deutsch' };

const draftOf = (fields: readonly FieldDefinition[]): FieldDraft[] =>
  [...fields]
    .sort((a, b) => a.position - b.position)
    .map((f) => ({ ...f, saved: true, keyTouched: true, options: (f.options ?? []).map((o) => ({ ...o, saved: true })) }));

/** The fields as the category stores them: in the order shown, options only on text fields. */
const payloadOf = (fields: readonly FieldDraft[]): FieldDefinition[] =>
  fields.map(({ saved: _s, keyTouched: _k, options, ...field }, position) => ({
    ...field,
    position,
    ...(field.type === 'string' && options.length
      ? { options: options.map(({ saved: _o, ...option }) => option) }
      : { options: undefined }),
  }));

const rowStyle = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } });
const boxStyle = css({
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  p: '3',
  display: 'flex',
  flexDir: 'column',
  gap: '3',
});

/**
 * An admin builds a category (SPEC.md §2, DESIGN.md §12): its name and status, and its fields: add,
 * reorder, rename (labels in en, fr and de; the key stays), required, options with keys and labels,
 * archive or restore an option; a saved field's type changes only through the dry run and its
 * conversion. Saving is a PATCH of the fields the server judges against its products (nothing that
 * loses a value passes); it queues offline and is checked again when sent.
 */
export function CategoryEditor({
  category,
  onClose,
  onSaved,
}: {
  category: CategoryRecord | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const [name, setName] = useState(category?.name ?? '');
  const [status, setStatus] = useState(category?.status ?? 'active');
  const [fields, setFields] = useState<FieldDraft[]>(() => draftOf(category?.fields ?? []));
  const [version, setVersion] = useState(category?.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [typing, setTyping] = useState<FieldDefinition | null>(null);
  const leaving = useRef(false);
  const [start, setStart] = useState(() => JSON.stringify([name, status, fields]));
  const leaveGuard = useLeaveGuard({ when: JSON.stringify([name, status, fields]) !== start, leaving });

  const change = (index: number, patch: Partial<FieldDraft>) =>
    setFields((all) => all.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  const changeLabel = (index: number, lang: keyof Labels, value: string) =>
    setFields((all) =>
      all.map((f, i) => {
        if (i !== index) return f;
        const labels = { ...f.labels, [lang]: value };
        // A new field's key follows its English label until typed by hand; a saved field's never moves.
        return { ...f, labels, key: !f.saved && !f.keyTouched && lang === 'en' ? slugKey(value || 'field') : f.key };
      }),
    );
  const changeOption = (index: number, optionIndex: number, patch: Partial<OptionDraft>) =>
    change(index, { options: fields[index].options.map((o, i) => (i === optionIndex ? { ...o, ...patch } : o)) });
  const move = (index: number, by: number) =>
    setFields((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item);
      return next;
    });
  const addField = () =>
    setFields((all) => [
      ...all,
      {
        key: '',
        type: 'string',
        required: false,
        labels: emptyLabels(),
        position: all.length,
        options: [],
        saved: false,
        keyTouched: false,
      },
    ]);

  const errorAt = (path: string) => errors[path] ?? null;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name, status, fields: payloadOf(fields) };
    const schema = category ? productCategoryEntity.update : productCategoryEntity.create;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(translateIssues(parsed.error.issues, t, (key) => i18n.exists(key)));
      return;
    }
    setSaving(true);
    try {
      const store = entityStore('product-category');
      if (category) await store.update(category.id, parsed.data as Record<string, unknown>, version);
      else await store.create(parsed.data as Record<string, unknown>);
      showToast(t('app.catalogue.saved'), 'success');
      leaving.current = true;
      onSaved();
    } catch (cause) {
      const failure = asApiError(cause);
      setErrors({ ...(failure.details ?? {}), _form: failure.message });
    } finally {
      setSaving(false);
    }
  };
  // Problems the server names by a field no longer in the list (a deleted field's values): shown at the top.
  const loose = Object.entries(errors).filter(([path]) => path !== '_form' && path.startsWith('fields.') && !/^fields\.\d+/.test(path));
  const title = category ? t('app.entities.product-category.edit') : t('app.entities.product-category.add');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form
        onSubmit={(e) => void save(e)}
        noValidate
        aria-label={title}
        className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}
      >
        {errors._form || errors.fields ? (
          <div
            role="alert"
            className={css({
              color: 'error',
              bg: 'error.subtle',
              borderWidth: '1px',
              borderColor: 'error',
              borderRadius: 'md',
              px: '3',
              py: '2',
              fontSize: 'sm',
            })}
          >
            <p>{errors.fields ?? errors._form}</p>
            {loose.map(([path, message]) => (
              <p key={path}>{message}</p>
            ))}
          </div>
        ) : null}
        <Field label={t('app.catalogue.category.name')} required error={errorAt('name')}>
          <FieldInput className={controlStyle} name="name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Select
          label={t('app.catalogue.category.status')}
          options={CATEGORY_STATUSES.map((s) => ({ value: s, label: t(`app.catalogue.categoryStatus.${s}`) }))}
          value={[status]}
          onChange={(value) => value[0] && setStatus(value[0])}
        />
        <h3 className={css({ fontWeight: 'semibold' })}>{t('app.catalogue.category.fields')}</h3>
        {!fields.length ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.catalogue.category.noFields')}</p> : null}
        <ol className={css({ display: 'flex', flexDir: 'column', gap: '3', listStyle: 'none', p: '0' })}>
          {fields.map((field, index) => {
            const path = `fields.${index}`;
            const heading = label(field.labels) || t('app.catalogue.field.untitled');
            return (
              <li key={field.saved ? field.key : `new-${index}`} className={boxStyle} data-testid={`field-${index}`} aria-label={heading}>
                <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
                  <strong className={css({ flex: '1', minW: '0', overflowWrap: 'anywhere' })}>{heading}</strong>
                  <Badge tone="neutral">{t(`app.catalogue.types.${field.type}`)}</Badge>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('app.catalogue.field.up', { field: heading })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('app.catalogue.field.down', { field: heading })}
                  >
                    ↓
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setFields((all) => all.filter((_, i) => i !== index))}>
                    {t('app.catalogue.field.remove')}
                  </Button>
                </div>
                <div className={rowStyle}>
                  {CATALOGUE_LANGUAGES.map((lang) => (
                    <Field
                      key={lang}
                      label={t('app.catalogue.field.labelIn', { language: LANGUAGE_NAMES[lang] })}
                      required
                      error={errorAt(`${path}.labels.${lang}`)}
                    >
                      <FieldInput
                        className={controlStyle}
                        name={`${path}.labels.${lang}`}
                        value={field.labels[lang]}
                        onChange={(e) => changeLabel(index, lang, e.target.value)}
                      />
                    </Field>
                  ))}
                </div>
                <div className={rowStyle}>
                  <Field
                    label={t('app.catalogue.field.key')}
                    required
                    helper={field.saved ? t('app.catalogue.field.keyFixed') : t('app.catalogue.field.keyHelp')}
                    error={errorAt(`${path}.key`)}
                  >
                    <FieldInput
                      className={controlStyle}
                      name={`${path}.key`}
                      value={field.key}
                      readOnly={field.saved}
                      onChange={(e) => change(index, { key: e.target.value, keyTouched: true })}
                    />
                  </Field>
                  {field.saved ? (
                    <div className={css({ display: 'flex', flexDir: 'column', gap: '1', justifyContent: 'flex-end' })}>
                      {errorAt(`${path}.type`) ? (
                        <p className={css({ color: 'error', fontSize: 'sm' })}>{errorAt(`${path}.type`)}</p>
                      ) : null}
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={!category}
                        onClick={() => setTyping(payloadOf(fields)[index])}
                        data-testid={`change-type-${field.key}`}
                      >
                        {t('app.catalogue.field.changeType')}
                      </Button>
                    </div>
                  ) : (
                    <Select
                      label={t('app.catalogue.field.type')}
                      options={FIELD_TYPES.map((ty) => ({ value: ty, label: t(`app.catalogue.types.${ty}`) }))}
                      value={[field.type]}
                      onChange={(value) => value[0] && change(index, { type: value[0] as FieldDraft['type'] })}
                    />
                  )}
                  <div className={css({ display: 'flex', flexDir: 'column', justifyContent: 'flex-end', gap: '1' })}>
                    <Checkbox checked={Boolean(field.required)} onChange={(checked) => change(index, { required: checked })}>
                      {t('app.catalogue.field.required')}
                    </Checkbox>
                    {errorAt(`${path}.required`) ? (
                      <p className={css({ color: 'error', fontSize: 'sm' })}>{errorAt(`${path}.required`)}</p>
                    ) : null}
                  </div>
                </div>
                {field.type === 'string' ? (
                  <fieldset
                    className={css({ display: 'flex', flexDir: 'column', gap: '2', borderTopWidth: '1px', borderColor: 'border', pt: '2' })}
                  >
                    <legend className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{t('app.catalogue.option.title')}</legend>
                    {errorAt(`${path}.options`) ? (
                      <p className={css({ color: 'error', fontSize: 'sm' })}>{errorAt(`${path}.options`)}</p>
                    ) : null}
                    {field.options.map((option, optionIndex) => {
                      const optionPath = `${path}.options.${optionIndex}`;
                      return (
                        <div
                          key={optionIndex}
                          className={css({ display: 'flex', flexDir: 'column', gap: '2', opacity: option.archived ? 0.7 : 1 })}
                          data-testid={`option-${index}-${optionIndex}`}
                        >
                          <div
                            className={css({
                              display: 'grid',
                              gap: '2',
                              gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
                            })}
                          >
                            <Field label={t('app.catalogue.option.key')} required error={errorAt(`${optionPath}.key`)}>
                              <FieldInput
                                className={controlStyle}
                                name={`${optionPath}.key`}
                                value={option.key}
                                readOnly={option.saved}
                                onChange={(e) => changeOption(index, optionIndex, { key: e.target.value })}
                              />
                            </Field>
                            {CATALOGUE_LANGUAGES.map((lang) => (
                              <Field key={lang} label={LANGUAGE_NAMES[lang]} required error={errorAt(`${optionPath}.labels.${lang}`)}>
                                <FieldInput
                                  className={controlStyle}
                                  name={`${optionPath}.labels.${lang}`}
                                  value={option.labels[lang]}
                                  onChange={(e) => {
                                    const labels = { ...option.labels, [lang]: e.target.value };
                                    const key =
                                      !option.saved && lang === 'en' && (!option.key || option.key === slugKey(option.labels.en || 'x'))
                                        ? slugKey(e.target.value || 'x')
                                        : option.key;
                                    changeOption(index, optionIndex, { labels, key: e.target.value || option.key ? key : '' });
                                  }}
                                />
                              </Field>
                            ))}
                          </div>
                          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                            {option.archived ? <Badge tone="warning">{t('app.catalogue.option.archived')}</Badge> : null}
                            {option.saved ? (
                              <Button
                                size="sm"
                                variant="ghost"
                                onClick={() => changeOption(index, optionIndex, { archived: option.archived ? undefined : true })}
                              >
                                {option.archived ? t('app.catalogue.option.restore') : t('app.catalogue.option.archive')}
                              </Button>
                            ) : null}
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => change(index, { options: field.options.filter((_, i) => i !== optionIndex) })}
                            >
                              {t('app.catalogue.option.remove')}
                            </Button>
                          </div>
                        </div>
                      );
                    })}
                    <div>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => change(index, { options: [...field.options, { key: '', labels: emptyLabels(), saved: false }] })}
                        data-testid={`add-option-${index}`}
                      >
                        {t('app.catalogue.option.add')}
                      </Button>
                    </div>
                    {field.options.some((o) => o.saved) ? (
                      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('app.catalogue.option.removeHelp')}</p>
                    ) : null}
                  </fieldset>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div>
          <Button variant="outline" onClick={addField} data-testid="add-field">
            {t('app.catalogue.field.add')}
          </Button>
        </div>
        <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
          <Button variant="ghost" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="save-category">
            {t('app.common.save')}
          </Button>
        </div>
      </form>
      {typing && category ? (
        <FieldTypeDialog
          categoryId={category.id}
          field={typing}
          onClose={() => setTyping(null)}
          onChanged={(saved, next) => {
            // The conversion is its own write: the editor goes on from the category it left, keeping unsaved edits of other fields.
            setFields((all) =>
              all.map((f) => (f.key === typing.key ? { ...f, type: saved.find((s) => s.key === typing.key)?.type ?? f.type } : f)),
            );
            setVersion(next);
            setStart(JSON.stringify([name, status, fields]));
            setTyping(null);
          }}
        />
      ) : null}
      {leaveGuard.dialog}
    </Dialog>
  );
}
