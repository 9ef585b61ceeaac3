import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from '@tanstack/react-router';
import { css } from '../../../../styled-system/css';
import { mayOn } from '../../../shared/access.ts';
import { useOnline } from '../../api/online-only.ts';
import { useRecord } from '../../data/use-records.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { PersonCell } from '../../lists/person-cell.tsx';
import { auth } from '../../state/auth.ts';
import { showToast } from '../../state/ui.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { FileUpload } from '../../ui/file-upload.tsx';
import { uploadProductFile, type CategoryRecord, type MarketRecord, type ProductRecord } from './catalogue-api.ts';
import { ProductFormDialog } from './product-form-dialog.tsx';
import { ProductValues } from './product-values.tsx';
import type { ProductActionsProps } from './products-screen.tsx';

const OFFER_TONE: Record<string, 'warning' | 'success' | 'neutral' | 'info'> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'neutral',
};

/** The offers made on this product (read by productId, in the reader's scope: a lead sees its own). */
function RelatedOffers({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>({ sorts: [{ field: 'expirationDate', order: 'desc' }] });
  const columns: ListColumn[] = [
    { field: 'userId', render: (value) => <PersonCell id={value} /> },
    { field: 'amount', kind: 'money' },
    {
      field: 'status',
      render: (value) => (
        <Badge tone={OFFER_TONE[String(value)] ?? 'neutral'}>
          {t(`app.catalogue.offerStatus.${String(value)}`, { defaultValue: String(value) })}
        </Badge>
      ),
    },
    {
      field: 'expirationDate',
      render: (value) => {
        const expired = typeof value === 'string' && Date.parse(value) < Date.now();
        return (
          <span>
            {value ? formatDate(String(value)) : '—'} {expired ? <Badge tone="neutral">{t('app.catalogue.offer.expired')}</Badge> : null}
          </span>
        );
      },
    },
    { field: 'origin', hidden: true },
  ];
  return (
    <EntityList
      entity="offer"
      title={t('app.catalogue.product.offers')}
      columns={columns}
      state={state}
      onStateChange={setState}
      baseFilters={[{ field: 'productId', values: [productId] }]}
      selectable={false}
      stackedRow={(row) => (
        <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap', w: 'full' })}>
          <PersonCell id={row.userId} />
          <strong className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatMoney(Number(row.amount))}</strong>
          <Badge tone={OFFER_TONE[String(row.status)] ?? 'neutral'}>
            {t(`app.catalogue.offerStatus.${String(row.status)}`, { defaultValue: String(row.status) })}
          </Badge>
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {row.expirationDate ? formatDate(String(row.expirationDate)) : ''}
          </span>
        </div>
      )}
    />
  );
}

/**
 * One product (SPEC.md §2): image, price, description, its category's fields in the reader's language,
 * market, file; admins edit it and set its image and file (online-only uploads); the related offers;
 * and the actions the route hands in (the vault's "Buy for a lead").
 */
export function ProductPage({ productId, Actions }: { productId: string; Actions?: ComponentType<ProductActionsProps> }) {
  const { t } = useTranslation();
  const roles = useSnapshot(auth).user?.roles ?? [];
  const online = useOnline();
  const { record, error, reload } = useRecord('product', productId);
  const product = record as unknown as ProductRecord | null;
  const category = useRecord('product-category', product?.categoryId ?? '00000000-0000-0000-0000-000000000000')
    .record as unknown as CategoryRecord | null;
  const market = useRecord('product-market', product?.marketId ?? '00000000-0000-0000-0000-000000000000')
    .record as unknown as MarketRecord | null;
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState<'image' | 'file' | null>(null);
  const [uploadError, setUploadError] = useState<{ key: 'image' | 'file'; message: string } | null>(null);
  if (error) return <p role="alert">{error.message}</p>;
  if (!product) return <p>{t('app.common.loading')}</p>;
  const mayEdit = mayOn(roles, 'product', 'update');
  const upload = async (key: 'image' | 'file', file: File) => {
    setUploadError(null);
    setUploading(key);
    try {
      await uploadProductFile(product.id, key, file);
      showToast(t(key === 'image' ? 'app.catalogue.product.imageSaved' : 'app.catalogue.product.fileSaved'), 'success');
      reload();
    } catch (cause) {
      setUploadError({ key, message: (cause as { message?: string }).message ?? t('app.catalogue.uploadFailed') });
    } finally {
      setUploading(null);
    }
  };
  const title = product.description || t('app.catalogue.product.untitled');
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <p className={css({ fontSize: 'sm' })}>
        <Link to="/products" className={css({ color: 'accent' })}>
          ← {t('app.nav.products')}
        </Link>
      </p>
      <PageHeader
        title={<span data-testid="product-title">{title}</span>}
        actions={
          <>
            {Actions ? <Actions product={product} onDone={reload} /> : null}
            {mayEdit ? (
              <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="edit-product">
                {t('app.common.edit')}
              </Button>
            ) : null}
          </>
        }
      />
      <div
        className={css({
          display: 'grid',
          gap: 'gap',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        })}
      >
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          {product.image ? (
            <img
              src={product.image}
              alt={title}
              data-testid="product-image"
              className={css({ w: 'full', maxH: '80', objectFit: 'cover', borderRadius: 'lg', bg: 'bg.muted' })}
            />
          ) : (
            <div
              className={css({
                w: 'full',
                h: '48',
                borderRadius: 'lg',
                bg: 'bg.muted',
                display: 'grid',
                placeItems: 'center',
                color: 'fg.muted',
                fontSize: 'sm',
              })}
            >
              {t('app.catalogue.product.noImage')}
            </div>
          )}
        </div>
        <Card>
          <p className={css({ fontSize: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })} data-testid="product-page-price">
            {formatMoney(product.price)}
          </p>
          <p className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', fontSize: 'sm' })}>
            <span>
              {t('app.catalogue.product.category')}: <strong>{category?.name ?? '…'}</strong>
            </span>
            <span>
              {t('app.catalogue.product.market')}:{' '}
              <strong>{product.marketId ? (market?.name ?? '…') : t('app.catalogue.product.noMarket')}</strong>
            </span>
            {product.heldBy ? <Badge tone="info">{t('app.catalogue.product.held')}</Badge> : null}
          </p>
          {category ? <ProductValues fields={category.fields} values={product.values} /> : null}
          {product.file ? (
            <p>
              <a href={product.file} download className={css({ color: 'accent' })} data-testid="product-file">
                {t('app.catalogue.product.downloadFile')}
              </a>
            </p>
          ) : null}
        </Card>
      </div>
      {mayEdit ? (
        <Card title={t('app.catalogue.product.media')}>
          <div
            className={css({
              display: 'grid',
              gap: 'gap',
              gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            })}
          >
            <FileUpload
              label={t('app.catalogue.product.setImage')}
              accept="image/jpeg,image/png,image/gif,image/webp"
              onFile={(file) => void upload('image', file)}
              disabled={uploading !== null || !online}
              error={uploadError?.key === 'image' ? uploadError.message : null}
            />
            <FileUpload
              label={t('app.catalogue.product.setFile')}
              accept="application/pdf,image/jpeg,image/png,image/gif,image/webp"
              onFile={(file) => void upload('file', file)}
              disabled={uploading !== null || !online}
              error={uploadError?.key === 'file' ? uploadError.message : null}
            />
          </div>
          {!online ? <p className={css({ fontSize: 'sm', color: 'warning' })}>{t('app.catalogue.product.uploadOnline')}</p> : null}
        </Card>
      ) : null}
      <RelatedOffers productId={product.id} />
      {editing ? (
        <ProductFormDialog product={product} onClose={() => setEditing(false)} onSaved={() => (setEditing(false), reload())} />
      ) : null}
    </div>
  );
}
