import { projectEntity } from '../../shared/entities/project.ts';
import { projects } from '../db/schema.ts';
import { defineResource } from './define-resource.ts';

export const projectResource = defineResource({
  entity: projectEntity,
  table: projects,
  access: { scope: { kind: 'catalog' }, read: 'all', create: 'admin', update: 'admin', delete: 'admin' },
});
