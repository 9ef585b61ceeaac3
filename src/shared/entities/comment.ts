import { z } from 'zod';
import { bool, id, requiredText } from '../fields.ts';
import { defineEntity } from './define-entity.ts';

const shape = { text: requiredText(5000), hidden: bool().optional(), leadId: id() };

export const commentEntity = defineEntity({
  name: 'comment',
  plural: 'comments',
  create: z.strictObject(shape),
  update: z.strictObject({ text: shape.text, hidden: bool() }).partial(),
  filterable: ['leadId', 'authorId', 'hidden'],
  sortable: [],
  searchable: ['text'],
  readOnly: { authorId: z.uuid().nullable() },
});
