import type { FieldTypeAnswer, ProductCategoryStats, ProductStats } from '../../../shared/contracts/catalogue.ts';
import type { FieldDefinition, FieldType } from '../../../shared/catalogue/fields.ts';
import { http } from '../../api/client.ts';
import { requireOnline } from '../../api/online-only.ts';
import { uploadWithProgress } from '../../api/upload.ts';
import { runOnline } from '../../offline/run-online.ts';

export type { FieldTypeAnswer, ProductCategoryStats, ProductStats };

export type CategoryRecord = { id: string; version?: number; name: string; status?: string; fields: FieldDefinition[] };
export type MarketRecord = { id: string; version?: number; name: string; description: string; iconUrl: string };
export type ProductRecord = {
  id: string;
  version?: number;
  categoryId: string;
  marketId?: string | null;
  values?: Record<string, string | number | boolean | null>;
  price: number;
  description?: string | null;
  file?: string | null;
  image?: string | null;
  heldBy?: string | null;
};

/** GET /product/stats: the catalogue as of now. */
export const productStats = (signal?: AbortSignal) =>
  http<{ productStats: ProductStats }>('/v1/product/stats', { signal }).then((a) => a.productStats);

/** GET /product-category/stats. */
export const categoryStats = (signal?: AbortSignal) =>
  http<{ productCategoryStats: ProductCategoryStats }>('/v1/product-category/stats', { signal }).then((a) => a.productCategoryStats);

/**
 * A field's type change (DESIGN.md §12): the dry run and the conversion both read every product of the
 * category, so both are online-only (refused offline with nothing sent); the category's queued edits go first.
 */
export const changeFieldType = (categoryId: string, key: string, type: FieldType, dryRun: boolean, idempotencyKey: string) =>
  runOnline('product-category', categoryId, {
    method: 'POST',
    path: `/v1/product-category/${categoryId}/field/${key}/type`,
    body: { type, dryRun },
    key: idempotencyKey,
  }) as unknown as Promise<FieldTypeAnswer>;

/** A product's image or file (`POST /product/{id}/file`, multipart `key` then `file`). Online-only, like every upload. */
export function uploadProductFile(productId: string, key: 'image' | 'file', file: File): Promise<ProductRecord> {
  requireOnline();
  const form = new FormData();
  form.append('key', key);
  form.append('file', file);
  return uploadWithProgress(`/v1/product/${productId}/file`, form);
}

/** A market's icon: a public image upload whose URL the market keeps. */
export function uploadIcon(file: File): Promise<{ url: string }> {
  requireOnline();
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress('/v1/uploads/upload?purpose=image', form);
}
