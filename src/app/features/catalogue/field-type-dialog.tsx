import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { FIELD_TYPES } from '../../../shared/constants.ts';
import type { FieldDefinition, FieldType } from '../../../shared/catalogue/fields.ts';
import { asApiError } from '../../api/api-error.ts';
import { useOnline } from '../../api/online-only.ts';
import { useFormKey } from '../../forms/form-key.ts';
import { formatNumber } from '../../i18n/format.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Select } from '../../ui/select.tsx';
import { changeFieldType, type FieldTypeAnswer } from './catalogue-api.ts';
import { useLabel } from './language.ts';

/**
 * A field's type change (DESIGN.md §12): first the dry run, naming every product whose value would not
 * convert; then, once none fails, the conversion of every product in one transaction. Online-only (it
 * reads every product of the category): offline it says so and sends nothing.
 */
export function FieldTypeDialog({
  categoryId,
  field,
  onClose,
  onChanged,
}: {
  categoryId: string;
  field: FieldDefinition;
  onClose: () => void;
  onChanged: (fields: FieldDefinition[], version: number) => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const online = useOnline();
  const key = useFormKey();
  const [type, setType] = useState<FieldType>(field.type === 'string' ? 'number' : 'string');
  const [plan, setPlan] = useState<FieldTypeAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (dryRun: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await changeFieldType(categoryId, field.key, type, dryRun, key.current());
      key.renew();
      if (dryRun) setPlan(answer);
      else {
        showToast(t('app.catalogue.type.applied', { count: answer.converted, n: formatNumber(answer.converted) }), 'success');
        onChanged(answer.category.fields as FieldDefinition[], answer.category.version as number);
      }
    } catch (cause) {
      key.renew();
      const failure = asApiError(cause);
      setError(Object.values(failure.details ?? {})[0] ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  const title = t('app.catalogue.type.title', { field: label(field.labels) });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={t('app.catalogue.type.help')}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })} data-testid="field-type-dialog">
        <p className={css({ fontSize: 'sm' })}>{t('app.catalogue.type.current', { type: t(`app.catalogue.types.${field.type}`) })}</p>
        <Select
          label={t('app.catalogue.type.new')}
          options={FIELD_TYPES.filter((ty) => ty !== field.type).map((ty) => ({ value: ty, label: t(`app.catalogue.types.${ty}`) }))}
          value={[type]}
          onChange={(value) => {
            if (!value[0]) return;
            setType(value[0] as FieldType);
            setPlan(null);
          }}
        />
        {!online ? (
          <p role="note" className={css({ fontSize: 'sm', color: 'warning' })}>
            {t('app.catalogue.type.onlineOnly')}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
            {error}
          </p>
        ) : null}
        {plan ? (
          <div data-testid="type-dry-run" className={css({ display: 'flex', flexDir: 'column', gap: '2', fontSize: 'sm' })}>
            <p>{t('app.catalogue.type.converts', { count: plan.converted, n: formatNumber(plan.converted) })}</p>
            {plan.failing.length ? (
              <>
                <p className={css({ color: 'error', fontWeight: 'medium' })}>
                  {t('app.catalogue.type.failing', { count: plan.failing.length, n: formatNumber(plan.failing.length) })}
                </p>
                <ul className={css({ pl: '4', listStyle: 'disc', maxH: '48', overflowY: 'auto' })}>
                  {plan.failing.map((f) => (
                    <li key={f.id} className={css({ overflowWrap: 'anywhere' })}>
                      {t('app.catalogue.type.failingItem', {
                        product: f.description || t('app.catalogue.product.untitled'),
                        value: String(f.value),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className={css({ color: 'success' })}>{t('app.catalogue.type.noneFail')}</p>
            )}
          </div>
        ) : null}
        <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
          <Button variant="ghost" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button variant="outline" onClick={() => void run(true)} disabled={!online || busy} data-testid="type-dry-run-button">
            {t('app.catalogue.type.dryRun')}
          </Button>
          <Button onClick={() => void run(false)} disabled={!online || busy || !plan || plan.failing.length > 0} data-testid="type-apply">
            {t('app.catalogue.type.apply', { type: t(`app.catalogue.types.${type}`) })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
