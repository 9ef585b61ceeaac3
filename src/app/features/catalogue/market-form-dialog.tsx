import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { productMarketEntity } from '../../../shared/entities/product-market.ts';
import { entityStore } from '../../data/stores.ts';
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
import { uploadIcon, type MarketRecord } from './catalogue-api.ts';

/**
 * An admin adds or edits a market (SPEC.md §5: name, description and icon required): the icon an
 * uploaded image or an https: address. Saving queues offline like every catalogue edit (the server
 * checks it again when sent); uploading the icon needs the connection.
 */
export function MarketFormDialog({ market, onClose, onSaved }: { market: MarketRecord | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [iconError, setIconError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const leaving = useRef(false);
  const schema = market ? productMarketEntity.update : productMarketEntity.create;
  const form = useZodForm({
    schema,
    initial: market
      ? { name: market.name, description: market.description, iconUrl: market.iconUrl }
      : { name: '', description: '', iconUrl: '' },
    onSubmit: async (data, changes) => {
      const store = entityStore('product-market');
      if (market) await store.update(market.id, changes as Record<string, unknown>, market.version);
      else await store.create(data as Record<string, unknown>);
      showToast(t('app.catalogue.saved'), 'success');
      leaving.current = true;
      onSaved();
    },
  });
  const [start] = useState(() => JSON.stringify(form.values));
  const leaveGuard = useLeaveGuard({ when: JSON.stringify(form.values) !== start, leaving });
  const chooseIcon = async (file: File) => {
    setIconError(null);
    setUploading(true);
    try {
      form.setValue('iconUrl', (await uploadIcon(file)).url);
    } catch (cause) {
      setIconError((cause as { message?: string }).message ?? t('app.catalogue.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };
  const title = market ? t('app.entities.product-market.edit') : t('app.entities.product-market.add');
  const icon = String(form.value('iconUrl') ?? '');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form
        onSubmit={(event) => void submitShowingErrors(form, event)}
        noValidate
        aria-label={title}
        className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}
      >
        <FormError form={form} />
        <Field label={t('app.catalogue.market.name')} required error={form.errors.name ?? null}>
          <FieldInput
            className={controlStyle}
            name="name"
            value={String(form.value('name') ?? '')}
            onChange={(e) => form.setValue('name', e.target.value)}
          />
        </Field>
        <Field label={t('app.catalogue.market.description')} required error={form.errors.description ?? null}>
          <FieldTextarea
            className={controlStyle}
            name="description"
            rows={3}
            value={String(form.value('description') ?? '')}
            onChange={(e) => form.setValue('description', e.target.value)}
          />
        </Field>
        <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap' })}>
          {icon ? (
            <img
              src={icon}
              alt=""
              data-testid="market-icon-preview"
              className={css({ w: '12', h: '12', objectFit: 'cover', borderRadius: 'md' })}
            />
          ) : null}
          <div className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column', gap: '2' })}>
            <Field
              label={t('app.catalogue.market.iconUrl')}
              required
              helper={t('app.catalogue.market.iconHelp')}
              error={form.errors.iconUrl ?? null}
            >
              <FieldInput
                className={controlStyle}
                name="iconUrl"
                inputMode="url"
                value={icon}
                onChange={(e) => form.setValue('iconUrl', e.target.value)}
              />
            </Field>
            <FileUpload
              label={t('app.catalogue.market.uploadIcon')}
              accept="image/jpeg,image/png,image/gif,image/webp"
              onFile={(f) => void chooseIcon(f)}
              disabled={uploading}
              error={iconError}
            />
          </div>
        </div>
        <FormActions submitLabel={t('app.common.save')} submitting={form.submitting || uploading} onCancel={onClose} />
      </form>
      {leaveGuard.dialog}
    </Dialog>
  );
}
