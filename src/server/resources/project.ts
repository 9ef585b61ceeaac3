import { projectEntity } from '../../shared/entities/project.ts';
import { ENTITY_ACCESS } from '../../shared/access.ts';
import { projects } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const projectResource = defineResource({
  entity: projectEntity,
  table: projects,
  access: { scope: { kind: 'catalog' }, ...ENTITY_ACCESS.project },
});
