import { z } from 'zod';
import { KEY_PATTERN } from '../catalogue/fields.ts';
import { FIELD_TYPES } from '../constants.ts';
import { productCategoryEntity } from '../entities/product-category.ts';
import { productEntity } from '../entities/product.ts';
import { oneOf } from '../fields.ts';
import { apiErrorSchema, errorResponses, idParams, multipartBody } from './common.ts';

/** Contracts of the catalogue beside its standard sets (DESIGN.md §12, issue 27). */

const fieldValue = z.union([z.string(), z.number(), z.boolean()]);

/**
 * POST /product-category/{id}/field/{key}/type: change a field's type. `dryRun` (the default) changes
 * nothing and lists the products whose value would not convert; without it the conversion is applied to
 * every product in one transaction, refused (422 CATALOGUE_DATA_LOSS) while any value would not convert.
 */
export const fieldTypeParams = z.strictObject({
  id: z.uuid({ error: 'validation.id' }),
  key: z.string().regex(KEY_PATTERN, { error: 'validation.keyFormat' }),
});
export const fieldTypeBody = z.strictObject({ type: oneOf(FIELD_TYPES), dryRun: z.boolean().default(true) });
export type FieldTypeBody = z.input<typeof fieldTypeBody>;

export const fieldTypeAnswer = z.object({
  dryRun: z.boolean(),
  /** How many products' values convert. */
  converted: z.number().int(),
  /** Every product whose value would not convert (none once applied), by its description. */
  failing: z.array(z.object({ id: z.uuid(), description: z.string().nullable(), value: fieldValue })),
  /** The category as it now is (the same as before for a dry run). */
  category: productCategoryEntity.record,
});
export type FieldTypeAnswer = z.output<typeof fieldTypeAnswer>;

export const fieldTypeContract = {
  params: fieldTypeParams,
  body: fieldTypeBody,
  response: { 200: fieldTypeAnswer, ...errorResponses, 422: apiErrorSchema },
};

/** POST /product/{id}/file: the product's `image` (JPG, PNG, GIF, WebP) or `file` (those or a PDF), multipart `key` then `file`. */
export const PRODUCT_FILE_KEYS = ['image', 'file'] as const;
export const productFileContract = {
  params: idParams,
  body: multipartBody({ key: '`image` or `file`, sent before the file', file: 'an image (or for `file` a PDF) under 5 MB' }),
  response: { 200: productEntity.record, ...errorResponses, 415: apiErrorSchema, 422: apiErrorSchema },
};

const euros = z.number();
const group = z.object({ id: z.uuid().nullable(), name: z.string().nullable(), count: z.number().int(), value: euros });

/** GET /product/stats (SPEC.md productStats): the catalogue as of now, prices in euros (summed exactly by PostgreSQL). */
export const productStatsContract = {
  response: {
    200: z.object({
      productStats: z.object({
        count: z.number().int(),
        /** Held by a lead (bought for it) and still free. */
        held: z.number().int(),
        available: z.number().int(),
        totalValue: euros,
        averagePrice: euros,
        minPrice: euros,
        maxPrice: euros,
        byCategory: z.array(group),
        byMarket: z.array(group),
      }),
    }),
    ...errorResponses,
  },
};
export type ProductStats = z.output<(typeof productStatsContract.response)[200]>['productStats'];

/** GET /product-category/stats (SPEC.md productCategoryStats): categories by status, each with its fields and products. */
export const productCategoryStatsContract = {
  response: {
    200: z.object({
      productCategoryStats: z.object({
        total: z.number().int(),
        active: z.number().int(),
        inactive: z.number().int(),
        fields: z.number().int(),
        categories: z.array(
          z.object({
            id: z.uuid(),
            name: z.string(),
            status: z.string(),
            fields: z.number().int(),
            products: z.number().int(),
            value: euros,
          }),
        ),
      }),
    }),
    ...errorResponses,
  },
};
export type ProductCategoryStats = z.output<(typeof productCategoryStatsContract.response)[200]>['productCategoryStats'];
