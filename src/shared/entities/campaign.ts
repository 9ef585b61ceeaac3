import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { defineEntity } from './define-entity.ts';

const shape = { name: requiredText(200) };

export const campaignEntity = defineEntity({
  name: 'campaign',
  plural: 'campaigns',
  create: z.strictObject(shape),
  update: z.strictObject(shape).partial(),
  filterable: ['name'],
  sortable: ['name'],
  searchable: ['name'],
});
