import { z } from 'zod';
import { DIVIDEND_FREQUENCIES } from '../constants.ts';
import { decimal, int, oneOf, requiredText, requiredUrl } from '../fields.ts';
import { defineEntity } from './define-entity.ts';

/** SPEC.md §5 and §9: project bounds. */
const shape = {
  name: requiredText(200),
  description: z.strictObject({ en: requiredText(5000), fr: requiredText(5000), de: requiredText(5000) }, { error: 'validation.required' }),
  rentability: decimal(0, 300),
  duration: int(1, 120),
  image: requiredUrl(),
  coefficient: decimal(1, 10),
  minimumAmount: decimal(1000, 1_000_000),
  dividendFrequency: oneOf(DIVIDEND_FREQUENCIES),
};

export const projectEntity = defineEntity({
  name: 'project',
  plural: 'projects',
  create: z.strictObject(shape),
  update: z.strictObject(shape).partial(),
  filterable: ['name', 'rentability', 'duration', 'minimumAmount', 'dividendFrequency'],
  sortable: ['name', 'rentability', 'duration', 'minimumAmount'],
  searchable: ['name'],
});
