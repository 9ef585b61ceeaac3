import { commentEntity } from '../../shared/entities/comment.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { comments } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

/** Comments on a lead: staff only, scoped like the lead they are about. */
export const commentResource = defineResource({
  entity: commentEntity,
  table: comments,
  access: { scope: { kind: 'owned', owner: 'leadId' }, ...ENTITY_ACCESS.comment },
  hooks: {
    prepareCreate: ({ actor }, input) => ({ ...input, authorId: actor.id }),
  },
});
